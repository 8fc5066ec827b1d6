// Values only the running server knows (CALENDLY_BOOKING_URL, APP_URL). The pages pre-rendered at build time carry
// these tokens; the server fills them in the HTML it sends (src/server/http/web.ts).
export const RUNTIME_TOKENS = {
  bookingUrl: "__BP_BOOKING_URL__",
  appUrl: "__BP_APP_URL__",
  /**
   * In the app's HTML: "0" when the request carried no session cookie, or one the server knows to be no longer valid
   * (no session to ask about); "1" otherwise.
   */
  sessionCookie: "__BP_SESSION_COOKIE__",
  /** After the app's root element: a signed-in user's JSON block and preload hints for the page; else nothing. */
  signedInPart: "<!--bp:signed-in-->",
} as const;

/** The id of the app HTML's `<script type="application/json">` block with GET /api/auth/user's answer. */
export const CURRENT_USER_BLOCK_ID = "bp-current-user";
