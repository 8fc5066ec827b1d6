// Which paths a visitor is sent to sign in for (http/web.ts and the client's router), from the route table: the
// signed-in screens that are not also a visitor's page (the landing at /, the sign-in at /admin).
import { ROUTES } from "./routes";

/** Paths of the signed-in portal that a visitor cannot see without signing in (not a public page or the sign-in). */
const VISITOR_PATHS = new Set(ROUTES.filter((route) => route.audiences.includes("visitor")).map((route) => route.path));
const PORTAL_PATHS = new Set(ROUTES.filter((route) => route.shell && !VISITOR_PATHS.has(route.path)).map((route) => route.path));

/** Whether a visitor at this path should be asked to sign in first (rather than told the page does not exist). */
export function needsSignIn(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PORTAL_PATHS.has(normalized);
}
