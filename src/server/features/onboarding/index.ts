// The onboarding feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { findOwnProfile } from "./find-profile";
export { issueSignedNda } from "./nda-documents";
export { toProfileDto } from "./profile-dto";
export { onboardingRoutes } from "./routes";
export { pngFile } from "./signature-image";
export { verifyDocumentRoutes } from "./verify-routes";
