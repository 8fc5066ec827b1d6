// THE route table (part 2 §2): every screen's path, who reaches it, and its sidebar entry. The client's router and
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

export type NavEntry = {
  label: string;
  icon: NavIcon;
  /** Active only on this exact path (for "/"). */
  end?: boolean;
  /** Shown but disabled until the current project's prototype is ready for the team (part 2 §2). */
  needsPrototype?: boolean;
};

export type RouteRow = {
  path: string;
  page: PageKey;
  audiences: readonly Audience[];
  /** Inside the signed-in frame (sidebar and top bar). */
  shell?: boolean;
  /** Its entry in the sidebar, in table order. */
  nav?: NavEntry;
};

const SIGNED_IN: readonly Audience[] = ["customer", "company"];
const CUSTOMER: readonly Audience[] = ["customer"];
const COMPANY: readonly Audience[] = ["company"];

export const ROUTES: readonly RouteRow[] = [
  // The public information pages stay readable when signed in (docs/decisions/public-site.md); `/` is the landing
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

  {
    path: "/",
    page: "dashboard",
    audiences: CUSTOMER,
    shell: true,
    nav: { label: "Dashboard", icon: "layout-dashboard", end: true },
  },
  { path: "/dashboard", page: "dashboard", audiences: CUSTOMER, shell: true },
  { path: "/profile", page: "profile", audiences: CUSTOMER, shell: true },
  { path: "/onboarding", page: "onboarding", audiences: CUSTOMER, shell: true, nav: { label: "Onboarding", icon: "rocket" } },
  {
    path: "/requirements",
    page: "requirements",
    audiences: CUSTOMER,
    shell: true,
    nav: { label: "Prototype Projects", icon: "clipboard-list" },
  },
  {
    path: "/user-management",
    page: "userManagement",
    audiences: CUSTOMER,
    shell: true,
    nav: { label: "User Management", icon: "users", needsPrototype: true },
  },
  {
    path: "/testing-feedback",
    page: "testingFeedback",
    audiences: CUSTOMER,
    shell: true,
    nav: { label: "Testing & Feedback", icon: "flask-conical" },
  },
  {
    path: "/communications",
    page: "communications",
    audiences: CUSTOMER,
    shell: true,
    nav: { label: "Communications", icon: "messages-square" },
  },
  {
    path: "/meeting-requests",
    page: "meetingRequests",
    audiences: CUSTOMER,
    shell: true,
    nav: { label: "Meeting Requests", icon: "calendar-clock" },
  },

  // Company admins: /, /company and /admin are all the admin screen, also called the company dashboard.
  {
    path: "/company-dashboard",
    page: "admin",
    audiences: COMPANY,
    shell: true,
    nav: { label: "Company Dashboard", icon: "building-2" },
  },
  { path: "/", page: "admin", audiences: COMPANY, shell: true, nav: { label: "Customer View", icon: "user-cog", end: true } },
  { path: "/company", page: "admin", audiences: COMPANY, shell: true },
  { path: "/admin", page: "admin", audiences: COMPANY, shell: true },

  // Signed in with neither role: only /, which has nothing to show.
  { path: "/", page: "notFound", audiences: ["none"] },
];

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

const KNOWN_PATHS = new Set(ROUTES.map((route) => route.path));

/** Whether any audience has a screen at this path (the server answers 404 for the rest). */
export function isKnownPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return KNOWN_PATHS.has(normalized);
}
