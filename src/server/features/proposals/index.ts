// The proposals feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { currentAcceptance, proposalAccepted } from "./proposal";
export { proposalPdf } from "./proposal-pdf";
export { proposalRoutes } from "./routes";
