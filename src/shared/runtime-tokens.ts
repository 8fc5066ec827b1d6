// Values only the running server knows (CALENDLY_BOOKING_URL, APP_URL). The pages pre-rendered at build time carry
// these tokens; the server fills them in the HTML it sends (src/server/http/web.ts).
export const RUNTIME_TOKENS = {
  bookingUrl: "__BP_BOOKING_URL__",
  appUrl: "__BP_APP_URL__",
} as const;
