// Every screen's page, loaded lazily so each is its own chunk (public pages never load portal code). The route
// table (shared/routes.ts) names a page by its key; a new screen adds its row there and its page here.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { PageKey } from "../shared/routes";
import { NotFoundPage } from "./components/layout/NotFoundPage";
import { BackHome } from "./features/auth";
import { PAGE_LOADERS } from "./features/public-site";

/** A lazily loaded page from a module's named export. */
function page<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

export const PAGES: Record<PageKey, ComponentType> = {
  home: lazy(PAGE_LOADERS.home),
  about: lazy(PAGE_LOADERS.about),
  howItWorks: lazy(PAGE_LOADERS.howItWorks),
  prototyping: lazy(PAGE_LOADERS.prototyping),
  pricing: lazy(PAGE_LOADERS.pricing),
  contact: lazy(PAGE_LOADERS.contact),
  signIn: page(() => import("./features/auth/SignInPage"), "SignInPage"),
  verify: page(() => import("./features/onboarding/VerifyPage"), "VerifyPage"),
  backHome: BackHome,
  notFound: NotFoundPage,
  accessDenied: page(() => import("./components/layout/AccessDeniedPage"), "AccessDeniedPage"),
  dashboard: page(() => import("./features/dashboard/DashboardPage"), "DashboardPage"),
  profile: page(() => import("./features/onboarding/ProfilePage"), "ProfilePage"),
  onboarding: page(() => import("./features/onboarding/OnboardingPage"), "OnboardingPage"),
  requirements: page(() => import("./features/projects/RequirementsPage"), "RequirementsPage"),
  userManagement: page(() => import("./features/team/UserManagementPage"), "UserManagementPage"),
  testingFeedback: page(() => import("./features/feedback/TestingFeedbackPage"), "TestingFeedbackPage"),
  communications: page(() => import("./features/communications/CommunicationsPage"), "CommunicationsPage"),
  meetingRequests: page(() => import("./features/meetings/MeetingRequestsPage"), "MeetingRequestsPage"),
  admin: page(() => import("./features/admin/AdminPage"), "AdminPage"),
};
