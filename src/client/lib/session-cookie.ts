// What the server said about the session in the app's HTML (src/server/http/web.ts): whether the request carried a
// session cookie, and for a signed-in user the user. A module of its own so that the sign-in screen can use it without
// the marketing constants.
import { CURRENT_USER_BLOCK_ID } from "../../shared/runtime-tokens";
import type { CurrentUser } from "../../shared/schemas/auth";

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

/** The signed-in user the server embedded in the app's HTML (GET /api/auth/user's JSON), or null when it did not. */
export function embeddedCurrentUser(): CurrentUser | null {
  if (typeof document === "undefined") return null;
  const block = document.getElementById(CURRENT_USER_BLOCK_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as CurrentUser;
  } catch {
    return null;
  }
}
