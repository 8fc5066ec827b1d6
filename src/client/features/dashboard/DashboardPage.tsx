// / and /dashboard: the customer dashboard. Every rule it shows lives in src/shared/domain.
import { RefreshCw } from "lucide-react";
import { lazy, Suspense } from "react";
import { viewerScope } from "../../../shared/domain/dashboard";
import { nextActionFor } from "../../../shared/domain/next-action";
import { UPDATE_DUE_STATUSES } from "../../../shared/domain/progress-updates";
import { hasPrototype } from "../../../shared/domain/project-rules";
import { PageHeader } from "../../components/layout/PageHeader";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useAuth } from "../auth/api/get-current-user";
import { useProfile } from "../onboarding/api/get-profile";
import { useSelectedProject } from "../projects/api/use-selected-project";
import { DeliveryClockCard } from "./delivery-clock-card";
import { JourneyTimeline, NextActionCard, ProgressCard, StatCards } from "./overview-cards";
import {
  AuthorizedUsersCard,
  CommunicationsCard,
  CurrentTaskCard,
  DocumentsCard,
  PaymentCard,
  ProjectDetailsCard,
  QuickActionsCard,
  RecentActivityCard,
} from "./project-cards";

/** Updates start with the build: before it, the card and its Markdown renderer stay out of the dashboard's load. */
const hasBuildStarted = (status: string) => (UPDATE_DUE_STATUSES as readonly string[]).includes(status) || status === "completed";

/** Approval and the hand-over come at the end of the journey: the card's code loads only then. */
const FinishLineCard = lazy(() => import("./finish-line-card").then((m) => ({ default: m.FinishLineCard })));
/** The proposal: its card's code loads only once the brief is confirmed (then it stays one line once accepted). */
const ProposalCard = lazy(() => import("./proposal-card").then((m) => ({ default: m.ProposalCard })));
const LatestUpdateCard = lazy(() => import("./latest-update-card").then((m) => ({ default: m.LatestUpdateCard })));

function DashboardSkeleton() {
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-48 lg:col-span-2" />
        <Skeleton className="h-48" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const profile = useProfile();
  const { projects, selected } = useSelectedProject();
  const firstName = profile.data?.fullName?.split(/\s+/)[0] || user?.firstName || "there";

  if (profile.isPending || projects.isPending) {
    return (
      <>
        <PageHeader title="Dashboard" />
        <DashboardSkeleton />
      </>
    );
  }
  if (profile.isError || projects.isError) {
    return (
      <>
        <PageHeader title="Dashboard" />
        <Alert variant="danger" className="items-center justify-between">
          <span>We could not load your dashboard.</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void profile.refetch();
              void projects.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      </>
    );
  }

  const data = profile.data ?? null;
  // The project in view (the selector's choice), and what this viewer is to it: owner or member at some level.
  const project = selected ?? null;
  const scope = viewerScope(project);
  // Approve / Request changes (testing, a version published) and the hand-over downloads (completed), for the owner and
  // admin-level members, right on the dashboard as on Testing & Feedback.
  const finishLine =
    hasPrototype(project) &&
    (project?.status === "testing" || project?.status === "completed") &&
    (project?.accessLevel === "owner" || project?.accessLevel === "admin");
  return (
    <>
      <PageHeader
        title={`${user?.firstSignIn ? "Welcome" : "Welcome back"}, ${firstName}`}
        description="Here is where your prototype stands and what comes next."
      />
      <div className="grid gap-6">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <NextActionCard action={nextActionFor(data, project)} />
          </div>
          <ProgressCard profile={data} project={project} />
        </div>
        {project && scope.payments && project.proposal && project.proposal.state !== "not_ready" && (
          <Suspense fallback={null}>
            <ProposalCard project={project} />
          </Suspense>
        )}
        {finishLine && project && (
          <Suspense fallback={null}>
            <FinishLineCard project={project} />
          </Suspense>
        )}
        {project && <DeliveryClockCard project={project} />}
        {project && hasBuildStarted(project.status) && (
          <Suspense fallback={null}>
            <LatestUpdateCard project={project} />
          </Suspense>
        )}
        <StatCards profile={data} project={project} showSeats={scope.manageUsers} />
        <JourneyTimeline profile={data} project={project} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <CurrentTaskCard profile={data} project={project} />
          <QuickActionsCard profile={data} project={project} />
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <RecentActivityCard />
          <AuthorizedUsersCard project={project} />
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ProjectDetailsCard project={project} />
          {scope.payments ? <PaymentCard project={project} /> : <DocumentsCard project={project} />}
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {scope.payments && <DocumentsCard project={project} />}
          <CommunicationsCard canPost={scope.post} general={!project} />
        </div>
      </div>
    </>
  );
}
