// The communications feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { COMPANY_AUTHOR_FALLBACK, countOverdueThreads } from "./list-communications";
export { displayName, postCommunication } from "./post-communication";
export { postReply } from "./post-reply";
export { communicationsRead } from "./reads";
export { communicationRoutes } from "./routes";
export { companySide, writerByEmail } from "./thread-people";
