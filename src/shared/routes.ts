// THE route table: every screen's path, who reaches it, and its sidebar entry. The client's router and
// sidebar and the server's HTML fallback all read it. A new screen is one row here plus its page in client/pages.tsx.
import { PUBLIC_PAGES, type PublicPageKey } from "./public-pages";

/** Who is asking: a visitor, a signed-in customer or company admin, or someone signed in with neither role. */
export type Audience = "visitor" | "customer" | "company" | "none";

/** The screens; client/pages.tsx maps each to its lazily loaded page. */
export type PageKey =
  | PublicPageKey
  | "signIn"
  | "verify"
  | "backHome"
  | "notFound"
  | "accessDenied"
  | "dashboard"
  | "profile"
  | "onboarding"
  | "requirements"
  | "userManagement"
  | "testingFeedback"
  | "communications"
  | "meetingRequests"
  | "admin";

/** Sidebar icons by name (the client maps each to its icon component). */
export type NavIcon =
  | "layout-dashboard"
  | "rocket"
  | "clipboard-list"
  | "users"
  | "flask-conical"
  | "messages-square"
  | "calendar-clock"
  | "building-2"
  | "user-cog";

type NavEntry = {
  label: string;
  icon: NavIcon;
  /** Active only on this exact path (for "/"). */
  end?: boolean;
  /** Shown but disabled until the current project's prototype is ready for the team. */
  needsPrototype?: boolean;
};

type RouteRow = {
  path: string;
  page: PageKey;
  audiences: readonly Audience[];
  /** Inside the signed-in frame (sidebar and top bar). */
  shell?: boolean;
  /** Its entry in the sidebar, in table order. */
  nav?: NavEntry;
  /** Shows one project (the project in view, `?project=` in the URL): the shell shows the project selector, and
   * sidebar links to it carry the project. */
  projectScoped?: boolean;
};

const SIGNED_IN: readonly Audience[] = ["customer", "company"];
const CUSTOMER: readonly Audience[] = ["customer"];
const COMPANY: readonly Audience[] = ["company"];

/** A screen inside the signed-in frame, with its sidebar entry when it has one. */
function framed(audiences: readonly Audience[], path: string, page: PageKey, nav?: NavEntry): RouteRow {
  return nav ? { path, page, audiences, shell: true, nav } : { path, page, audiences, shell: true };
}

/** A framed screen about one project (see `projectScoped`). */
function aboutProject(row: RouteRow): RouteRow {
  return { ...row, projectScoped: true };
}

export const ROUTES: readonly RouteRow[] = [
  // The public information pages stay readable when signed in (docs/decisions/0006-public-site.md); `/` is the landing
  // only for visitors.
  ...PUBLIC_PAGES.map((page) => ({
    path: page.path,
    page: page.key,
    audiences: page.key === "home" ? (["visitor"] as const) : (["visitor", ...SIGNED_IN] as const),
  })),
  { path: "/auth", page: "signIn", audiences: ["visitor"] },
  { path: "/admin", page: "signIn", audiences: ["visitor"] },
  { path: "/auth", page: "backHome", audiences: SIGNED_IN },
  { path: "/verify", page: "verify", audiences: ["visitor", "customer", "company", "none"] },

  aboutProject(framed(CUSTOMER, "/", "dashboard", { label: "Dashboard", icon: "layout-dashboard", end: true })),
  aboutProject(framed(CUSTOMER, "/dashboard", "dashboard")),
  framed(CUSTOMER, "/profile", "profile"),
  framed(CUSTOMER, "/onboarding", "onboarding", { label: "Onboarding", icon: "rocket" }),
  aboutProject(framed(CUSTOMER, "/requirements", "requirements", { label: "Prototype Projects", icon: "clipboard-list" })),
  aboutProject(
    framed(CUSTOMER, "/user-management", "userManagement", { label: "User Management", icon: "users", needsPrototype: true }),
  ),
  aboutProject(framed(CUSTOMER, "/testing-feedback", "testingFeedback", { label: "Testing & Feedback", icon: "flask-conical" })),
  aboutProject(framed(CUSTOMER, "/communications", "communications", { label: "Communications", icon: "messages-square" })),
  aboutProject(framed(CUSTOMER, "/meeting-requests", "meetingRequests", { label: "Meeting Requests", icon: "calendar-clock" })),

  // Company admins: /, /company and /admin are all the admin screen, also called the company dashboard.
  framed(COMPANY, "/company-dashboard", "admin", { label: "Company Dashboard", icon: "building-2" }),
  framed(COMPANY, "/", "admin", { label: "Customer View", icon: "user-cog", end: true }),
  framed(COMPANY, "/company", "admin"),
  framed(COMPANY, "/admin", "admin"),

  // The console's own addresses, asked for by someone signed in without the company role: 'Access Denied' with the way
  // to sign in as an admin, and no admin data fetched.
  ...["/company-dashboard", "/company", "/admin"].map((path) => ({
    path,
    page: "accessDenied" as const,
    audiences: ["customer", "none"] as const,
  })),

  // Signed in with neither role: only /, which has nothing to show.
  { path: "/", page: "notFound", audiences: ["none"] },
];

/**
 * The GET endpoints the signed-in frame (by audience) and a page ask for on their first render. A signed-in user's
 * HTML asks the browser to fetch them at once (src/server/http/web.ts), so the answers are there when the code is; a
 * page that stops asking for one must drop it here (the browser warns about a preload nobody used).
 */
export const FRAME_READS: Partial<Record<Audience, readonly string[]>> = {
  customer: ["/api/profile", "/api/projects", "/api/notifications"],
  company: ["/api/notifications"],
};
export const PAGE_READS: Partial<Record<PageKey, readonly string[]>> = {
  dashboard: ["/api/profile", "/api/projects", "/api/dashboard/activity"],
};

export function audienceOf(user: { role: string } | null): Audience {
  if (!user) return "visitor";
  return user.role === "customer" || user.role === "company" ? user.role : "none";
}

export function routesFor(audience: Audience): RouteRow[] {
  return ROUTES.filter((route) => route.audiences.includes(audience));
}

/** The sidebar's entries for an audience, in table order. */
export function navFor(audience: Audience): Array<RouteRow & { nav: NavEntry }> {
  return routesFor(audience).filter((route): route is RouteRow & { nav: NavEntry } => route.nav !== undefined);
}

/** Whether the screen at this path shows one project to this audience (the shell then shows the selector). */
export function isProjectScoped(audience: Audience, pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return routesFor(audience).some((route) => route.path === normalized && route.projectScoped === true);
}

const KNOWN_PATHS = new Set(ROUTES.map((route) => route.path));

/** Whether any audience has a screen at this path (the server answers 404 for the rest). */
export function isKnownPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return KNOWN_PATHS.has(normalized);
}
