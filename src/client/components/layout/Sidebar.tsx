// The signed-in sidebar: navigation by role, who is signed in, and the current project.
import {
  Building2,
  CalendarClock,
  ClipboardList,
  FlaskConical,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  MessagesSquare,
  Rocket,
  UserCog,
  Users,
} from "lucide-react";
import { NavLink } from "react-router";
import { PACKAGES, type PackageType } from "../../../shared/constants/packages";
import { displayCompany, displayName } from "../../../shared/domain/display";
import { withProject } from "../../../shared/domain/project-in-view";
import { prototypeReadyForTeam } from "../../../shared/domain/project-rules";
import { statusLabel } from "../../../shared/domain/project-status";
import { audienceOf, type NavIcon, navFor } from "../../../shared/routes";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { ShellProfile, ShellProject } from "../../features/shell";
import { API } from "../../lib/api-paths";
import { cn } from "../../lib/cn";
import { Badge } from "../ui/badge";
import { Tooltip } from "../ui/tooltip";

const NAV_ICONS: Record<NavIcon, LucideIcon> = {
  "layout-dashboard": LayoutDashboard,
  rocket: Rocket,
  "clipboard-list": ClipboardList,
  users: Users,
  "flask-conical": FlaskConical,
  "messages-square": MessagesSquare,
  "calendar-clock": CalendarClock,
  "building-2": Building2,
  "user-cog": UserCog,
};

const PROTOTYPE_NOT_READY = "Available when prototype is ready";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

export function Sidebar(props: {
  user: CurrentUser;
  profile: ShellProfile;
  currentProject: ShellProject | null;
  /** The user only belongs to others' projects: no Onboarding entry (docs/decisions/0023-members-journey.md). */
  onlyMemberships?: boolean;
  onNavigate?: () => void;
}) {
  const { user, profile, currentProject } = props;
  const isCompany = user.role === "company";
  // Links to project pages keep the project in view (`?project=`), so the next page shows the same project; someone who
  // only belongs to others' projects has no owner onboarding.
  const routes = navFor(audienceOf(user)).filter(({ path }) => !(props.onlyMemberships && path === "/onboarding"));
  const items = routes.map(({ path, nav, projectScoped }) => ({
    to: projectScoped ? withProject(path, currentProject?.projectCode) : path,
    label: nav.label,
    icon: NAV_ICONS[nav.icon],
    end: nav.end,
    disabledReason: nav.needsPrototype && !prototypeReadyForTeam(currentProject) ? PROTOTYPE_NOT_READY : null,
  }));

  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <NavLink to="/" className="flex items-center gap-2 px-2 text-lg font-bold text-slate-900" onClick={props.onNavigate}>
        <img src="/favicon.svg" alt="" className="size-8" />
        Blueprint
      </NavLink>

      <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
        <p className="truncate text-sm font-semibold text-slate-900">{displayName(profile, user)}</p>
        <p className="truncate text-xs text-slate-600">{isCompany ? "Blueprint team" : displayCompany(profile)}</p>
        {isCompany && (
          <Badge className="mt-2" variant="default">
            Company Admin
          </Badge>
        )}
      </div>

      <nav aria-label="Main" className="grid gap-1">
        {items.map((item) =>
          item.disabledReason ? (
            <Tooltip key={item.label} content={item.disabledReason}>
              <button
                type="button"
                aria-disabled="true"
                className="flex w-full cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-400"
              >
                <item.icon className="size-4" aria-hidden="true" />
                {item.label}
              </button>
            </Tooltip>
          ) : (
            <NavLink key={item.label} to={item.to} end={item.end} className={linkClass} onClick={props.onNavigate}>
              <item.icon className="size-4" aria-hidden="true" />
              {item.label}
            </NavLink>
          ),
        )}
      </nav>

      {!isCompany && currentProject && (
        <section aria-label="Current project" className="rounded-xl border border-brand-100 bg-brand-50 p-3">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Current Project</p>
          <p className="mt-1 font-mono text-sm font-semibold text-slate-900">{currentProject.projectCode}</p>
          {currentProject.projectName && (
            // Two lines at most; the whole name on hover, and for screen readers in the text itself.
            <p
              className="line-clamp-2 text-xs font-medium text-slate-800 [overflow-wrap:anywhere]"
              title={currentProject.projectName}
            >
              {currentProject.projectName}
            </p>
          )}
          <p className="text-xs text-slate-700">
            {PACKAGES[currentProject.packageType as PackageType]?.name ?? currentProject.packageType} package
          </p>
          <Badge variant="secondary" className="mt-2">
            {statusLabel(currentProject.status)}
          </Badge>
        </section>
      )}

      <a
        href={API.logoutLink.path()}
        className="mt-auto flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <LogOut className="size-4" aria-hidden="true" />
        Sign Out
      </a>
    </div>
  );
}
