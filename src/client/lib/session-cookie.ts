// Whether the page may hold a session cookie: the server says so in the app's HTML (src/server/http/web.ts), in a
// module of its own so that the sign-in screen can use it without the marketing constants.

export const SESSION_COOKIE_META = "bp:session-cookie";

/** Set once this page has signed in (true) or out (false); until then the server's word from <meta> holds. */
let sessionCookieSinceLoad: boolean | null = null;

/**
 * Whether the browser may hold a session cookie (it is HttpOnly, so the page cannot look). False when the app's HTML
 * came without one and nobody has signed in since: then there is no session to ask the server about.
 */
export function mayHaveSessionCookie(): boolean {
  if (sessionCookieSinceLoad !== null) return sessionCookieSinceLoad;
  if (typeof document === "undefined") return true;
  return document.querySelector(`meta[name="${SESSION_COOKIE_META}"]`)?.getAttribute("content") !== "0";
}

export function noteSessionCookie(present: boolean): void {
  sessionCookieSinceLoad = present;
}

/** Whether this page signed out (or deleted its account) since it loaded: a portal path then leads home, not to sign-in. */
export function signedOutHere(): boolean {
  return sessionCookieSinceLoad === false;
}
