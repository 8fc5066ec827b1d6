// Each public page is its own chunk; the public entry loads only the one it hydrates.
import type { ComponentType } from "react";
import type { PublicPageKey } from "../../../../shared/public-pages";

export const PAGE_LOADERS: Record<PublicPageKey, () => Promise<{ default: ComponentType }>> = {
  home: () => import("./LandingPage"),
  about: () => import("./AboutPage"),
  howItWorks: () => import("./HowItWorksPage"),
  prototyping: () => import("./PrototypingPage"),
  pricing: () => import("./PricingPage"),
  contact: () => import("./ContactPage"),
};
