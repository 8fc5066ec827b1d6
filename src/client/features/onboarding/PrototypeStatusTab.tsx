// The Prototype Status tab: the current project's status, polled every 30 s. Open Prototype goes once access has
// ended (the server stops answering the address then too): the tab says why and whom to ask instead.
import { ExternalLink, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { PACKAGES } from "../../../shared/constants/packages";
import { ACCESS_EXPIRY_MESSAGES, prototypeClosedTo } from "../../../shared/domain/access-expiry";
import { ownOnboardingProject, prototypeStatusProgress } from "../../../shared/domain/onboarding";
import { statusLabel } from "../../../shared/domain/project-status";
import { safeExternalUrl } from "../../../shared/domain/safe-url";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { NewTabButton } from "../../components/ui/new-tab-link";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { useProjects } from "../projects/api/get-projects";

export function PrototypeStatusTab() {
  const projects = useProjects({ poll: true });
  if (projects.isPending) return <Skeleton className="h-56 w-full" />;
  if (projects.isError) {
    return (
      <Alert variant="danger" className="items-center justify-between">
        <span>We could not load your project.</span>
        <Button variant="outline" size="sm" onClick={() => projects.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }
  const project = ownOnboardingProject(projects.data);
  if (!project) {
    return <Alert variant="info">Your project appears here once your company profile is saved.</Alert>;
  }
  const percent = prototypeStatusProgress(project.status);
  const ended = prototypeClosedTo(project, new Date());
  const prototypeUrl = ended ? null : safeExternalUrl(project.prototypeUrl);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle>Prototype Status</CardTitle>
          <Badge variant={project.status === "completed" ? "success" : "default"}>{statusLabel(project.status)}</Badge>
        </div>
        <CardDescription>
          Project <span className="font-mono font-semibold text-slate-800">{project.projectCode}</span> ·{" "}
          {PACKAGES[project.packageType].name} package · delivery in {PACKAGES[project.packageType].deliveryHours} hours
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <div className="flex justify-between text-sm">
            <span className="font-medium text-slate-800">Progress</span>
            <span className="text-slate-600">{percent}%</span>
          </div>
          <Progress value={percent} label="Prototype progress" />
        </div>
        <p className="text-sm text-slate-600">
          This page checks for updates every 30 seconds. We will also email you when your prototype is ready to test.
        </p>
        {ended && (
          <Alert variant="info" data-testid="prototype-access-ended">
            {ACCESS_EXPIRY_MESSAGES.prototypeClosed}
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/requirements">Continue Requirements</Link>
          </Button>
          {prototypeUrl && (
            <NewTabButton href={prototypeUrl} icon={ExternalLink} variant="outline">
              Open Prototype
            </NewTabButton>
          )}
          <Button asChild variant="ghost">
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
