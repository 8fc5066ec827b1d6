// The live-updates stream (GET /api/events): its wire constants, apart from the event schema so that the signed-in
// shell opens the stream without loading the schema library (the schema is loaded with the first event).

/** The SSE event name every change travels under. */
export const LIVE_EVENT_NAME = "change";
/** The client reconnects after this many milliseconds (SSE `retry:`). */
export const LIVE_RETRY_MS = 5_000;
