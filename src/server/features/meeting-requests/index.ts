// The meeting-requests feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { countOverdueMeetingRequests } from "./list-meeting-requests";
export { meetingRequestRoutes } from "./routes";
