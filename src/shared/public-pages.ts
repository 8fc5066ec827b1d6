// The public marketing pages: path, document title and description. The prerenderer, the sitemap and the header read this list.

export type PublicPageKey = "home" | "about" | "howItWorks" | "prototyping" | "pricing" | "contact";

export type PublicPageMeta = {
  key: PublicPageKey;
  path: string;
  /** The header link's label. */
  navLabel: string;
  title: string;
  description: string;
};

export const PUBLIC_PAGES: readonly PublicPageMeta[] = [
  {
    key: "home",
    path: "/",
    navLabel: "Home",
    title: "Blueprint — working software prototypes in 48-96 hours",
    description:
      "See your software working before you build it: a high-fidelity prototype and a business requirements document in 48-96 hours, with NDA protection and 3 iteration rounds.",
  },
  {
    key: "about",
    path: "/about",
    navLabel: "About Us",
    title: "About Us — Blueprint",
    description:
      "Founded in 2022, Blueprint turns software ideas into working prototypes so teams validate before they fund full development. 95% of our prototypes lead to production launches.",
  },
  {
    key: "howItWorks",
    path: "/how-it-works",
    navLabel: "How It Works",
    title: "How It Works — Blueprint",
    description:
      "Share your vision on day 0, get a working prototype in 48-96 hours, then test and perfect it with your stakeholders over 3 iteration rounds.",
  },
  {
    key: "prototyping",
    path: "/prototyping",
    navLabel: "Prototyping",
    title: "Prototyping — Blueprint",
    description:
      "High-fidelity, clickable prototypes for web apps, mobile apps, dashboards, e-commerce, SaaS and enterprise systems, with a 2-page AI-assisted brief and a full BRD.",
  },
  {
    key: "pricing",
    path: "/pricing",
    navLabel: "Pricing",
    title: "Pricing — Blueprint",
    description:
      "Three prototype packages: BASIC in 48 hours, ADVANCED in 72 hours, PREMIUM in 96 hours. Prices in USD and INR, 3 iterations and 6 months of access included.",
  },
  {
    key: "contact",
    path: "/contact",
    navLabel: "Contact Us",
    title: "Contact Us — Blueprint",
    description:
      "Tell us about your project. New project inquiries are answered within 2 hours, general questions within 4 hours, and every message within 24 hours.",
  },
];

export function publicPageByPath(pathname: string): PublicPageMeta | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PUBLIC_PAGES.find((page) => page.path === normalized);
}

/**
 * The Contact page's support button: the portal's messages for someone signed in, else sign-in. The pre-rendered page
 * carries the visitor's link, marked with `data-support-link`; the server swaps in the signed-in one per request.
 */
export const SUPPORT_LINK = { signedIn: "/communications?openMessage=true", signedOut: "/auth" } as const;
