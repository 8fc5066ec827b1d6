// Where someone goes after signing in: the portal path they asked for (an email's link, a page whose session ended),
// carried as `/auth?next=<path>`. The server (http/web.ts) sends a visitor there and the sign-in screen reads it back;
// both accept only what safeReturnPath accepts, a path on this site, so a link cannot send anyone elsewhere. Which
// paths need sign-in is the route table's business (sign-in-gate.ts); this file imports nothing, for the sign-in entry.

/** Longer than any link the product writes (a path, a thread id, a project code, a tab), far below a URL's limits. */
export const RETURN_PATH_MAX = 512;

/** The query parameter of /auth that carries the return path. */
export const RETURN_PARAM = "next";

/** Printable ASCII without the backslash: what a browser's location.pathname + search is made of. */
const PLAIN_URL_TEXT = /^[\x21-\x5b\x5d-\x7e]+$/;

/** How deep percent-encoding is unwrapped before a value is given up on (`%252F` is `%2F` is `/`). */
const DECODE_ROUNDS = 3;

/** Whether one reading of the value is a same-site path: "/" then anything but a second "/" or "\". */
function looksLocal(reading: string): boolean {
  return (
    reading.startsWith("/") && !reading.startsWith("//") && !reading.startsWith("/\\") && !/[\u0000-\u001f\u007f]/.test(reading)
  );
}

/**
 * The value when it is a relative path on this site (a path, its query and fragment), else null. Refused: other
 * origins (`https://…`, `//host`, `/\host`), schemes (`javascript:`), control characters and spaces, backslashes,
 * encodings that decode to any of those (`/%2F%2Fhost`), broken percent-encoding, and values over RETURN_PATH_MAX.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_PATH_MAX) return null;
  if (!PLAIN_URL_TEXT.test(value)) return null;
  let reading = value;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (!looksLocal(reading) || reading.includes("\\")) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(reading);
    } catch {
      // The value itself must be well formed; a stray "%" that only an inner layer reveals is plain text.
      if (round === 0) return null;
      break;
    }
    if (decoded === reading) break;
    if (round === DECODE_ROUNDS) return null;
    reading = decoded;
  }
  // The browser's own reading agrees: resolved against this site, it stays on this site.
  const base = "http://return-path.invalid";
  try {
    if (new URL(value, base).origin !== base) return null;
  } catch {
    return null;
  }
  return value;
}

/** The sign-in screen that returns to `target` (a path with its query) afterwards; plain /auth when it is not safe. */
export function signInPath(target: string): string {
  const safe = safeReturnPath(target);
  return safe ? `/auth?${RETURN_PARAM}=${encodeURIComponent(safe)}` : "/auth";
}

/**
 * Where the sign-in screen at `location` sends the user once the code is verified: /auth's `next` when it is safe
 * (and not the sign-in itself), /admin's own query (the admin's emails link to /admin?tab=…), else home.
 */
export function returnPathAfterSignIn(location: { pathname: string; search: string }): string {
  if (location.pathname === "/admin") return (location.search && safeReturnPath(`/admin${location.search}`)) || "/";
  if (location.pathname !== "/auth") return "/";
  const next = safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM));
  if (!next) return "/";
  const nextPath = next.split(/[?#]/)[0] ?? "";
  return nextPath === "/auth" ? "/" : next;
}
