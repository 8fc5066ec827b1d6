// The router: the route table's rows for the signed-in user's audience, each page its own chunk. A visitor at a portal
// page (a session that ended, a link from an email) goes to sign-in with that page as the way back, unless they have
// just signed out or deleted their account on this page: then home. Any other path shows the not-found page.
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { signInPath } from "../shared/return-path";
import { audienceOf, routesFor } from "../shared/routes";
import { needsSignIn } from "../shared/sign-in-gate";
import { NotFoundPage } from "./components/layout/NotFoundPage";
import { FullScreenSpinner } from "./components/ui/spinner";
import { useViewerTimeZone } from "./features/account/api/save-time-zone";
import { useAuth } from "./features/auth/api/get-current-user";
import { signedOutHere } from "./lib/session-cookie";
import { PAGES } from "./pages";

const AppShell = lazy(() => import("./components/layout/AppShell").then((m) => ({ default: m.AppShell })));

function NoRoute({ visitor }: { visitor: boolean }) {
  const location = useLocation();
  if (visitor && needsSignIn(location.pathname)) {
    if (signedOutHere()) return <Navigate to="/" replace />;
    return <Navigate to={signInPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <NotFoundPage visitor={visitor} />;
}

export function AppRoutes() {
  const { user, isLoading } = useAuth();
  useViewerTimeZone(user);
  if (isLoading) return <FullScreenSpinner />;

  const routes = routesFor(audienceOf(user));
  const element = (route: (typeof routes)[number]) => {
    const Page = PAGES[route.page];
    return <Route key={`${route.path}:${route.page}`} path={route.path} element={<Page />} />;
  };
  const framed = routes.filter((route) => route.shell);
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        {user && framed.length > 0 && <Route element={<AppShell user={user} />}>{framed.map(element)}</Route>}
        {routes.filter((route) => !route.shell).map(element)}
        <Route path="*" element={<NoRoute visitor={!user} />} />
      </Routes>
    </Suspense>
  );
}
