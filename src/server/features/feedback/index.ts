// The feedback feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { endFeedbackRound } from "./close-feedback-round";
export { recordFeedbackCreated } from "./feedback-events";
export { parseFields } from "./read-feedback-body";
export { feedbackListRead } from "./reads";
export { feedbackRoutes } from "./routes";
