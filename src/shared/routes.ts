// The route table by role (part 2 §2). The client router and the server's HTML fallback both read it.

export const PUBLIC_PATHS = ["/", "/about", "/how-it-works", "/prototyping", "/pricing", "/contact", "/verify"] as const;
export const SIGN_IN_PATHS = ["/auth", "/admin"] as const;
export const CUSTOMER_PATHS = [
  "/",
  "/dashboard",
  "/profile",
  "/onboarding",
  "/requirements",
  "/user-management",
  "/testing-feedback",
  "/communications",
  "/meeting-requests",
] as const;
export const COMPANY_PATHS = ["/", "/company", "/admin", "/company-dashboard"] as const;

const ALL_APP_PATHS = new Set<string>([...PUBLIC_PATHS, ...SIGN_IN_PATHS, ...CUSTOMER_PATHS, ...COMPANY_PATHS]);

/** Whether any audience has a screen at this path (the server answers 404 for the rest). */
export function isKnownPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ALL_APP_PATHS.has(normalized);
}
