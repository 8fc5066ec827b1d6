// The signed-in top bar: the project in view (on a customer's project pages), notifications and the user menu.
import { Bell, Globe, LogOut, Menu, Settings, User } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { displayName } from "../../../shared/domain/display";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { useLogout } from "../../features/auth/api/logout";
import type { ShellProfile } from "../../features/shell";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { toast } from "../ui/use-toast";
import { ProjectInView } from "./ProjectInView";

const TimeZoneDialog = lazy(() => import("../account/TimeZoneDialog").then((m) => ({ default: m.TimeZoneDialog })));

export function TopBar(props: {
  user: CurrentUser;
  profile: ShellProfile;
  onOpenMenu: () => void;
  notifications?: React.ReactNode;
}) {
  const { user, profile } = props;
  const navigate = useNavigate();
  const [timeZoneOpen, setTimeZoneOpen] = useState(false);
  const logout = useLogout({
    onSuccess: () => {
      toast({ title: "Logged out", description: "You have been logged out successfully." });
      navigate("/");
    },
    onError: () => toast({ title: "Error", description: "Failed to logout. Please try again.", variant: "destructive" }),
  });
  const name = displayName(profile, user);
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation" onClick={props.onOpenMenu}>
        <Menu aria-hidden="true" />
      </Button>
      <div className="min-w-0 flex-1">{user.role === "customer" && <ProjectInView />}</div>
      <div className="flex shrink-0 items-center gap-2">
        {props.notifications ?? (
          <Button variant="ghost" size="icon" aria-label="Notifications">
            <Bell aria-hidden="true" />
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {/* Named by its content (the visible name included), not an aria-label that would hide it. */}
            <Button variant="ghost" className="gap-2 px-2">
              <span className="sr-only">User menu</span>
              <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
                {initials}
              </span>
              <span className="hidden max-w-48 truncate text-sm font-medium text-slate-800 sm:block">{name}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>
              <p className="text-sm font-semibold text-slate-900">{name}</p>
              <p className="truncate text-xs text-slate-600">{user.email}</p>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {/* Profile and project settings are customer pages; the company route table has neither. */}
            {user.role === "customer" && (
              <>
                <DropdownMenuItem onSelect={() => navigate("/profile")}>
                  <User className="size-4" aria-hidden="true" />
                  Profile Settings
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => navigate("/dashboard")}>
                  <Settings className="size-4" aria-hidden="true" />
                  Project Settings
                </DropdownMenuItem>
                <DropdownMenuSeparator />
              </>
            )}
            {/* The customer's zone is on Profile Settings; the console has no profile page. */}
            {user.role !== "customer" && (
              <>
                <DropdownMenuItem onSelect={() => setTimeZoneOpen(true)}>
                  <Globe className="size-4" aria-hidden="true" />
                  Time Zone
                </DropdownMenuItem>
                <DropdownMenuSeparator />
              </>
            )}
            <DropdownMenuItem
              disabled={logout.isPending}
              onSelect={(event) => {
                event.preventDefault();
                logout.mutate();
              }}
            >
              <LogOut className="size-4" aria-hidden="true" />
              {logout.isPending ? "Signing Out..." : "Sign Out"}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {timeZoneOpen && (
        <Suspense fallback={null}>
          <TimeZoneDialog user={user} open={timeZoneOpen} onOpenChange={setTimeZoneOpen} />
        </Suspense>
      )}
    </header>
  );
}
