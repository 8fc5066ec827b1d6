// The route table by role (part 2 §2). Each audience's pages are split into their own chunks.
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { NotFoundPage } from "./components/layout/NotFoundPage";
import { FullScreenSpinner } from "./components/ui/spinner";
import { useAuth } from "./features/auth/api/get-current-user";

const SignInPage = lazy(() => import("./features/auth/SignInPage").then((m) => ({ default: m.SignInPage })));
const publicPages = () => import("./features/public-site/PublicPages");
const LandingPage = lazy(() => publicPages().then((m) => ({ default: m.LandingPage })));
const AboutPage = lazy(() => publicPages().then((m) => ({ default: m.AboutPage })));
const HowItWorksPage = lazy(() => publicPages().then((m) => ({ default: m.HowItWorksPage })));
const PrototypingPage = lazy(() => publicPages().then((m) => ({ default: m.PrototypingPage })));
const PricingPage = lazy(() => publicPages().then((m) => ({ default: m.PricingPage })));
const ContactPage = lazy(() => publicPages().then((m) => ({ default: m.ContactPage })));

const customerPages = () => import("./features/customer-pages/pages");
const DashboardPage = lazy(() => import("./features/dashboard/DashboardPage").then((m) => ({ default: m.DashboardPage })));
const ProfilePage = lazy(() => import("./features/profile/ProfilePage").then((m) => ({ default: m.ProfilePage })));
const OnboardingPage = lazy(() => import("./features/onboarding/OnboardingPage").then((m) => ({ default: m.OnboardingPage })));
const VerifyPage = lazy(() => import("./features/onboarding/VerifyPage").then((m) => ({ default: m.VerifyPage })));
const RequirementsPage = lazy(() =>
  import("./features/projects/RequirementsPage").then((m) => ({ default: m.RequirementsPage })),
);
const UserManagementPage = lazy(() =>
  import("./features/team/UserManagementPage").then((m) => ({ default: m.UserManagementPage })),
);
const TestingFeedbackPage = lazy(() => customerPages().then((m) => ({ default: m.TestingFeedbackPage })));
const CommunicationsPage = lazy(() => customerPages().then((m) => ({ default: m.CommunicationsPage })));
const MeetingRequestsPage = lazy(() => customerPages().then((m) => ({ default: m.MeetingRequestsPage })));

const AppShell = lazy(() => import("./components/layout/AppShell").then((m) => ({ default: m.AppShell })));
const AdminPage = lazy(() => import("./features/admin/AdminPage").then((m) => ({ default: m.AdminPage })));

/** The public information pages stay readable when signed in (docs/decisions/public-site.md); `/` is the landing only when signed out. */
function publicInfoRoutes() {
  return [
    <Route key="about" path="/about" element={<AboutPage />} />,
    <Route key="how" path="/how-it-works" element={<HowItWorksPage />} />,
    <Route key="prototyping" path="/prototyping" element={<PrototypingPage />} />,
    <Route key="pricing" path="/pricing" element={<PricingPage />} />,
    <Route key="contact" path="/contact" element={<ContactPage />} />,
  ];
}

/** Every signed-in role: the information pages, /auth back to /, /verify, and the 404 screen for the rest. */
function signedInCommonRoutes() {
  return [
    ...publicInfoRoutes(),
    <Route key="auth" path="/auth" element={<Navigate to="/" replace />} />,
    <Route key="verify" path="/verify" element={<VerifyPage />} />,
    <Route key="not-found" path="*" element={<NotFoundPage />} />,
  ];
}

export function AppRoutes() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullScreenSpinner />;

  if (!user) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          {publicInfoRoutes()}
          <Route path="/auth" element={<SignInPage />} />
          <Route path="/admin" element={<SignInPage />} />
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    );
  }

  if (user.role === "company") {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route element={<AppShell user={user} />}>
            <Route path="/" element={<AdminPage />} />
            <Route path="/company" element={<AdminPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="/company-dashboard" element={<AdminPage />} />
          </Route>
          {signedInCommonRoutes()}
        </Routes>
      </Suspense>
    );
  }

  if (user.role === "customer") {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route element={<AppShell user={user} />}>
            <Route path="/" element={<DashboardPage />} />
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/onboarding" element={<OnboardingPage />} />
            <Route path="/requirements" element={<RequirementsPage />} />
            <Route path="/user-management" element={<UserManagementPage />} />
            <Route path="/testing-feedback" element={<TestingFeedbackPage />} />
            <Route path="/communications" element={<CommunicationsPage />} />
            <Route path="/meeting-requests" element={<MeetingRequestsPage />} />
          </Route>
          {signedInCommonRoutes()}
        </Routes>
      </Suspense>
    );
  }

  // A signed-in user with neither role reaches only /.
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route path="/" element={<NotFoundPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
