// The signed-in frame: sidebar (a drawer on small screens), top bar and the page.

import { lazy, type MouseEvent, Suspense, useState } from "react";
import { Outlet } from "react-router";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { useLiveUpdates } from "../../features/live";
import { NotificationBell } from "../../features/notifications";
import { useShellData } from "../../features/shell";
import { browserTimeZone } from "../../lib/date-time";
import { Drawer } from "../ui/drawer";
import { Spinner } from "../ui/spinner";
import { TooltipProvider } from "../ui/tooltip";
import { AccessExpiryBanner } from "./AccessExpiryBanner";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";

/** Shown only when this browser's zone differs from the account's: its code (and the zone schema) loads then. */
const TimeZoneNotice = lazy(() => import("./TimeZoneNotice").then((m) => ({ default: m.TimeZoneNotice })));

/** The page's main element, where "Skip to content" leads. */
const MAIN_ID = "main";

/** Moves the focus to the page without adding #main to the address (the address stays the page's, as linked). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_ID);
  main?.focus();
  main?.scrollIntoView();
}

export function AppShell({ user }: { user: CurrentUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { profile, currentProject, onlyMemberships } = useShellData(user.role === "customer");
  useLiveUpdates(true);

  // The frame's tooltips share their delay; their code, the menus' and the drawer's load on first use (components/ui).
  return (
    <TooltipProvider>
      <div className="min-h-screen bg-slate-50">
        {/* First in the tab order: past the sidebar and the top bar to the page itself. */}
        <a
          href={`#${MAIN_ID}`}
          onClick={skipToContent}
          className="sr-only rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-lg ring-2 ring-brand-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
        >
          Skip to content
        </a>
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block" aria-label="Sidebar">
          <Sidebar user={user} profile={profile} currentProject={currentProject} onlyMemberships={onlyMemberships} />
        </aside>
        <Drawer open={menuOpen} onOpenChange={setMenuOpen} title="Navigation" closeLabel="Close navigation" className="lg:hidden">
          <Sidebar
            user={user}
            profile={profile}
            currentProject={currentProject}
            onlyMemberships={onlyMemberships}
            onNavigate={() => setMenuOpen(false)}
          />
        </Drawer>
        <div className="lg:pl-64">
          <TopBar user={user} profile={profile} onOpenMenu={() => setMenuOpen(true)} notifications={<NotificationBell />} />
          <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8">
            {user.timeZone && user.timeZone !== browserTimeZone() && (
              <Suspense fallback={null}>
                <TimeZoneNotice user={user} />
              </Suspense>
            )}
            {user.role === "customer" && <AccessExpiryBanner />}
            <Suspense
              fallback={
                <div className="flex justify-center py-24">
                  <Spinner className="size-8" />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
