// The signed-in frame: sidebar (a drawer on small screens), top bar and the page.

import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { useLiveUpdates } from "../../features/live/use-live-updates";
import { NotificationBell } from "../../features/notifications/NotificationBell";
import { useShellData } from "../../features/shell/use-shell-data";
import { Spinner } from "../ui/spinner";
import { TooltipProvider } from "../ui/tooltip";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";

export function AppShell({ user }: { user: CurrentUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { profile, currentProject, onlyMemberships } = useShellData(user.role === "customer");
  useLiveUpdates(true);

  // Tooltips are only used inside the frame, so their code loads with it, not with the portal's entry.
  return (
    <TooltipProvider>
      <div className="min-h-screen bg-slate-50">
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block" aria-label="Sidebar">
          <Sidebar user={user} profile={profile} currentProject={currentProject} onlyMemberships={onlyMemberships} />
        </aside>
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
            <Dialog.Content
              className="fixed inset-y-0 left-0 z-50 w-72 bg-white shadow-xl lg:hidden"
              aria-describedby={undefined}
            >
              <Dialog.Title className="sr-only">Navigation</Dialog.Title>
              <Dialog.Close className="absolute top-4 right-4 rounded p-1 text-slate-600" aria-label="Close navigation">
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
              <Sidebar
                user={user}
                profile={profile}
                currentProject={currentProject}
                onlyMemberships={onlyMemberships}
                onNavigate={() => setMenuOpen(false)}
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
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
