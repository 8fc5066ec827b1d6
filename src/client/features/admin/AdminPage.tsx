// The admin console: header (with what is overdue), six stat cards, search and filters (in the URL), charts, and the tabs.
import {
  Activity,
  AlarmClock,
  AlertTriangle,
  BarChart3,
  CheckCircle2,
  FolderKanban,
  LogOut,
  Megaphone,
  RefreshCw,
  ShieldAlert,
  UserRound,
  Users,
  UserX,
  Zap,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { can, type StaffCapability, type StaffRole } from "../../../shared/domain/staff-roles";
import { ADMIN_MESSAGES } from "../../../shared/schemas/admin";
import { ConfirmDialog } from "../../components/kit/ConfirmDialog";
import { FilterSelects } from "../../components/kit/FilterSelects";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { APP_VERSION } from "../../lib/app-version";
import { useRefreshCompanyData } from "../../lib/query-client";
import { SEARCH_DEBOUNCE_MS } from "../../lib/use-debounced-value";
import { useMediaQuery } from "../../lib/use-media-query";
import { useAuth } from "../auth/api/get-current-user";
import { useLogout } from "../auth/api/logout";
import { AuditTab } from "./AuditTab";
import { PACKAGE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from "./admin-format";
import { useAdminStats } from "./api/get-admin-stats";
import { useServiceLevels } from "./api/get-service-levels";
import { useRunStatusUpdates, useStatusUpdatesPreview } from "./api/run-status-updates";
import { BillingTab } from "./BillingTab";
import { CONSOLE_TABS, type ConsoleTab, useConsoleTab, useProjectFilters, useShowProjects } from "./console-state";
import { FeedbackTab } from "./FeedbackTab";
import { InboxTab } from "./InboxTab";
import { InquiriesTab } from "./InquiriesTab";
import { IntegrationsTab } from "./IntegrationsTab";
import { MeetingRequestsTab } from "./MeetingRequestsTab";
import { NdaTab } from "./NdaTab";
import { ProjectsTab } from "./ProjectsTab";
import { ServiceLevelReport } from "./ServiceLevelReport";
import { TeamTab } from "./TeamTab";
import { UserActivityTab } from "./UserActivityTab";

// The chart library is loaded only by this screen, in its own chunk, after the first paint.
const ChartsStrip = lazy(() => import("./charts/ChartsStrip").then((m) => ({ default: m.ChartsStrip })));

export function AdminPage() {
  const { user } = useAuth();
  if (user?.role !== "company") return <AccessDenied />;
  return <AdminConsole email={user.email} staffRole={user.staffRole} />;
}

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-24 text-center">
      <ShieldAlert className="size-12 text-red-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.accessDenied}</h1>
      <p className="text-slate-600">This area is for the Blueprint company team.</p>
      <Button asChild>
        <Link to="/auth">{ADMIN_MESSAGES.loginAsAdmin}</Link>
      </Button>
    </div>
  );
}

const STAT_CARDS = [
  { key: "totalProjects", label: "Total Projects", icon: FolderKanban, tone: "text-brand-700 bg-brand-50" },
  { key: "activeCustomers", label: "Active Customers", icon: Users, tone: "text-sky-700 bg-sky-50" },
  { key: "inProgress", label: "In Progress", icon: Activity, tone: "text-amber-700 bg-amber-50" },
  { key: "completed", label: "Completed", icon: CheckCircle2, tone: "text-emerald-700 bg-emerald-50" },
  { key: "loginOnlyUsers", label: "Login Only", icon: UserRound, tone: "text-slate-700 bg-slate-100" },
  { key: "incompleteProfiles", label: "Incomplete", icon: UserX, tone: "text-red-700 bg-red-50" },
  { key: "overdue", label: "Overdue", icon: AlarmClock, tone: "text-red-700 bg-red-50" },
  { key: "updateDue", label: "Update Due", icon: Megaphone, tone: "text-amber-700 bg-amber-50" },
] as const;

/** The header's actions: small enough on a phone for the three to share two lines. */
const HEADER_BUTTON = "h-8 border-white/30 bg-white/10 px-3 text-xs text-white hover:bg-white/20 sm:h-9 sm:px-4 sm:text-sm";

const DUE_FILTER_OPTIONS = [
  { value: "all", label: "Any delivery time" },
  { value: "overdue", label: "Overdue" },
];

const UPDATE_FILTER_OPTIONS = [
  { value: "all", label: "Any update state" },
  { value: "due", label: "Update due" },
];

const PAYMENT_FILTER_OPTIONS = [
  { value: "all", label: "Any payment state" },
  { value: "awaiting_payment", label: "Awaiting payment" },
];

/**
 * Each console tab's label and panel, in the order of CONSOLE_TABS (a tab missing here fails the typecheck), and the
 * staff capability it needs (shared/domain/staff-roles.ts): a role without it does not see the tab.
 */
const TAB_PANELS: Record<ConsoleTab, { label: string; Panel: () => ReactNode; needs?: StaffCapability }> = {
  projects: { label: "Projects", Panel: ProjectsTab },
  inbox: { label: "Inbox", Panel: InboxTab },
  activity: { label: "User Activity", Panel: UserActivityTab },
  feedback: { label: "Feedback Management", Panel: FeedbackTab },
  nda: { label: "NDA Management", Panel: NdaTab },
  meetings: { label: "Meeting Requests", Panel: MeetingRequestsTab },
  inquiries: { label: "Inquiries", Panel: InquiriesTab },
  billing: { label: "Billing", Panel: BillingTab, needs: "payments" },
  integrations: { label: "Integrations", Panel: IntegrationsTab, needs: "integrations" },
  team: { label: "Team", Panel: TeamTab, needs: "team" },
  audit: { label: "Audit Log", Panel: AuditTab },
};

function AdminConsole({ email, staffRole }: { email: string; staffRole: StaffRole | null }) {
  const refreshCompanyData = useRefreshCompanyData();
  const stats = useAdminStats();
  const logout = useLogout();
  const statusRun = useRunStatusUpdates();
  const [previewOpen, setPreviewOpen] = useState(false);
  const preview = useStatusUpdatesPreview(previewOpen);
  const { filters, set } = useProjectFilters();
  const [openTab, setTab] = useConsoleTab();
  const tabs = CONSOLE_TABS.filter((value) => {
    const needs = TAB_PANELS[value].needs;
    return needs === undefined || can(staffRole, needs);
  });
  // A link to a tab this role does not see opens the Projects tab.
  const tab = tabs.includes(openTab) ? openTab : "projects";
  const showProjects = useShowProjects();
  const wide = useMediaQuery("(min-width: 768px)");
  const [chartsShown, setChartsShown] = useState(false);

  const refresh = async () => {
    await refreshCompanyData();
    toast({ title: ADMIN_MESSAGES.dataRefreshed, description: "Every list and count is up to date." });
  };
  const runStatusRules = () =>
    statusRun.mutateAsync(undefined, {
      onSuccess: (run) =>
        toast({
          title: ADMIN_MESSAGES.statusCheckComplete,
          description:
            run.changes.length === 0
              ? `Checked ${run.checked} project${run.checked === 1 ? "" : "s"}: no status needed to change.`
              : run.changes.map((c) => `${c.projectCode}: ${c.from} → ${c.to} (${c.reason})`).join(" "),
          variant: "success",
        }),
      onError: (error) =>
        toast({
          title: ADMIN_MESSAGES.testFailed,
          description: serverMessage(error, "The status rules could not run."),
          variant: "destructive",
        }),
    });

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-slate-900 to-brand-900 p-5 text-white shadow-sm sm:p-6 xl:flex-row xl:items-center xl:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">System Admin</h1>
          <p className="truncate text-sm text-slate-300" data-testid="admin-email">
            {email}
          </p>
          <OverdueCounts />
        </div>
        <div className="flex flex-wrap gap-2 xl:shrink-0">
          <Button variant="outline" className={HEADER_BUTTON} onClick={refresh}>
            <RefreshCw aria-hidden="true" />
            Refresh Data
          </Button>
          <Button variant="outline" className={HEADER_BUTTON} onClick={() => setPreviewOpen(true)} disabled={statusRun.isPending}>
            <Zap aria-hidden="true" />
            {statusRun.isPending ? "Checking..." : "Test Status Updates"}
          </Button>
          <Button variant="outline" className={HEADER_BUTTON} onClick={() => logout.mutate()}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </header>

      <ConfirmDialog
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        title="Test Status Updates"
        description="What the automatic status rules would change now. Nothing changes until you apply."
        confirmLabel="Apply these changes"
        pendingLabel="Applying..."
        onConfirm={runStatusRules}
      >
        <div data-testid="status-preview" className="max-h-64 overflow-auto text-sm text-slate-700">
          {preview.isLoading ? (
            <p>Checking...</p>
          ) : preview.isError ? (
            <p role="alert">{serverMessage(preview.error, "The preview could not be loaded.")}</p>
          ) : preview.data && preview.data.changes.length === 0 ? (
            <p>
              Checked {preview.data.checked} project{preview.data.checked === 1 ? "" : "s"}: no status needs to change.
            </p>
          ) : (
            <ul className="list-disc pl-5">
              {preview.data?.changes.map((c) => (
                <li key={`${c.projectId}-${c.to}`}>
                  {c.projectCode}: {c.from} → {c.to} ({c.reason})
                </li>
              ))}
            </ul>
          )}
        </div>
      </ConfirmDialog>

      {/* On a phone the counts are one row that scrolls sideways and the service levels and charts wait for a tap, so each tab starts
          near the top of the screen instead of below six cards and three charts. */}
      <section
        aria-label="Statistics"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the row scrolls sideways, so it must be reachable by keyboard
        tabIndex={0}
        className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 md:mx-0 md:grid md:grid-cols-4 md:overflow-visible md:px-0 md:pb-0 2xl:grid-cols-8"
      >
        {STAT_CARDS.map((card) => (
          <Card key={card.key} className="min-w-[10rem] shrink-0 snap-start p-4 md:min-w-0" data-testid={`stat-${card.key}`}>
            <div className="flex items-center gap-3">
              <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${card.tone}`}>
                <card.icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="text-xs font-medium leading-tight text-slate-500">{card.label}</p>
                {stats.isLoading ? (
                  <Skeleton className="mt-1 h-6 w-12" />
                ) : stats.isError ? (
                  <p className="text-sm text-red-600">—</p>
                ) : (
                  <p className="text-2xl font-bold tabular-nums text-slate-900">
                    {stats.data?.[card.key].toLocaleString("en-US")}
                  </p>
                )}
              </div>
            </div>
          </Card>
        ))}
      </section>

      {wide || chartsShown ? (
        <>
          <ServiceLevelReport />
          <Suspense fallback={<Skeleton className="h-56 w-full rounded-2xl" />}>
            <ChartsStrip />
          </Suspense>
        </>
      ) : (
        <Button variant="outline" className="w-full" onClick={() => setChartsShown(true)}>
          <BarChart3 aria-hidden="true" />
          Show service levels and charts
        </Button>
      )}

      <Card>
        <CardContent className="flex flex-col gap-3 p-4 md:flex-row md:flex-wrap md:items-center">
          <ProjectSearch q={filters.q} onSearch={showProjects} />
          <div className="grid grid-cols-2 gap-3 md:contents">
            <FilterSelects
              state={filters}
              set={set}
              filters={[
                { key: "status", label: "Status filter", options: STATUS_FILTER_OPTIONS, className: "md:w-56" },
                { key: "package", label: "Package filter", options: PACKAGE_FILTER_OPTIONS, className: "md:w-52" },
                { key: "due", label: "Delivery filter", options: DUE_FILTER_OPTIONS, className: "md:w-48" },
                { key: "update", label: "Update filter", options: UPDATE_FILTER_OPTIONS, className: "md:w-48" },
                { key: "payment", label: "Payment filter", options: PAYMENT_FILTER_OPTIONS, className: "md:w-52" },
              ]}
            />
          </div>
        </CardContent>
      </Card>

      <Tabs value={tab} onValueChange={(value) => setTab(value as ConsoleTab)}>
        <div className="sm:overflow-x-auto">
          <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-max">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="justify-center text-center">
                {TAB_PANELS[value].label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map((value) => {
          const Panel = TAB_PANELS[value].Panel;
          return (
            <TabsContent key={value} value={value}>
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
      {/* Which release runs: what an operator reads before an upgrade, and what a bug report should name. */}
      <footer className="text-center text-xs text-slate-500" data-testid="console-version">
        Blueprint {APP_VERSION}
      </footer>
    </div>
  );
}

/**
 * The header's search narrows the Projects list as the admin types (after a short pause; the list's query cancels
 * the request of an older search), and Enter applies it at once. The URL keeps `q`; a change to it from elsewhere
 * (Back, a link) shows here.
 */
function ProjectSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const applied = useRef(q);
  useEffect(() => {
    if (q === applied.current) return;
    applied.current = q;
    setText(q);
  }, [q]);
  const apply = (value: string) => {
    if (value.trim() === applied.current) return;
    applied.current = value.trim();
    onSearch(value);
  };
  useEffect(() => {
    if (text.trim() === applied.current) return;
    const timer = setTimeout(() => apply(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });
  return (
    <Input
      type="search"
      aria-label="Search projects"
      placeholder="Code, customer, project or date (2026-03)"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== "Enter") return;
        // At once, and to the Projects tab even when the text was already applied.
        applied.current = event.currentTarget.value.trim();
        onSearch(event.currentTarget.value);
      }}
      className="md:basis-full"
    />
  );
}

/** What is past its service level now, each linking to the list filtered to it. */
function OverdueCounts() {
  const levels = useServiceLevels();
  const threads = levels.data?.overdueThreads ?? 0;
  const requests = levels.data?.overdueMeetingRequests ?? 0;
  if (threads + requests === 0) return null;
  const pill =
    "inline-flex items-center gap-1 rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-white";
  return (
    <p className="mt-2 flex flex-wrap gap-2" data-testid="overdue-counts">
      {threads > 0 && (
        <Link to="/admin?tab=inbox&inbox-show=overdue" className={pill}>
          <AlertTriangle className="size-3" aria-hidden="true" />
          {threads} overdue {threads === 1 ? "message" : "messages"}
        </Link>
      )}
      {requests > 0 && (
        <Link to="/admin?tab=meetings&meetings-due=overdue" className={pill}>
          <AlertTriangle className="size-3" aria-hidden="true" />
          {requests} overdue meeting {requests === 1 ? "request" : "requests"}
        </Link>
      )}
    </p>
  );
}
