// The signed-in frame: sidebar (a drawer on small screens), top bar and the page.

import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { useLiveUpdates } from "../../features/live/use-live-updates";
import { NotificationBell } from "../../features/notifications/NotificationBell";
import { useShellData } from "../../features/shell/use-shell-data";
import { Drawer } from "../ui/drawer";
import { Spinner } from "../ui/spinner";
import { TooltipProvider } from "../ui/tooltip";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";

export function AppShell({ user }: { user: CurrentUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { profile, currentProject } = useShellData(user.role === "customer");
  useLiveUpdates(true);

  // The frame's tooltips share their delay; their code, the menus' and the drawer's load on first use (components/ui).
  return (
    <TooltipProvider>
      <div className="min-h-screen bg-slate-50">
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block" aria-label="Sidebar">
          <Sidebar user={user} profile={profile} currentProject={currentProject} />
        </aside>
        <Drawer open={menuOpen} onOpenChange={setMenuOpen} title="Navigation" closeLabel="Close navigation" className="lg:hidden">
          <Sidebar user={user} profile={profile} currentProject={currentProject} onNavigate={() => setMenuOpen(false)} />
        </Drawer>
        <div className="lg:pl-64">
          <TopBar user={user} profile={profile} onOpenMenu={() => setMenuOpen(true)} notifications={<NotificationBell />} />
          <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
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
