// Values only the running server knows (CALENDLY_BOOKING_URL, APP_URL). The pages pre-rendered at build time carry
// these tokens; the server fills them in the HTML it sends (src/server/http/web.ts).
export const RUNTIME_TOKENS = {
  bookingUrl: "__BP_BOOKING_URL__",
  appUrl: "__BP_APP_URL__",
  /** In the app's HTML: "1" when the request carried a session cookie, "0" when not (no session to ask about). */
  sessionCookie: "__BP_SESSION_COOKIE__",
} as const;
