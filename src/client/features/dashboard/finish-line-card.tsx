// The dashboard's way to the finish line, for the owner and admin-level members: while the project is in testing with
// a published version, Approve / Request changes (on Testing & Feedback, beside the prototype they judge); once it is
// completed, the acceptance certificate and the hand-over package in one click.
import { CheckCircle2, ThumbsUp } from "lucide-react";
import { Link } from "react-router";
import type { Project } from "../../../shared/schemas/project";
import { HandoverDownloads } from "../../components/kit/HandoverDownloads";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useHandoverSummary } from "../feedback/api/get-handover-summary";
import { useVersions } from "../feedback/api/get-versions";

export function FinishLineCard({ project }: { project: Project }) {
  const versions = useVersions(project.id);
  const handoverSummary = useHandoverSummary(project.id, { enabled: project.status === "completed" });
  if (project.status === "completed") {
    return (
      <Card data-testid="dashboard-handover">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />
            Project complete
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm text-slate-600 md:flex-row md:flex-wrap md:items-center">
          <p className="md:flex-1">
            Everything your developers need is in the hand-over package: the BRD, the brief, the NDA, the certificate, the release
            notes and the feedback history. You can still invite them in User Management.
          </p>
          <HandoverDownloads projectId={project.id} summary={handoverSummary} />
        </CardContent>
      </Card>
    );
  }
  if (versions.isPending) return <Skeleton className="h-32" />;
  const latest = versions.data?.items[0]?.number ?? null;
  if (latest === null) return null;
  return (
    <Card data-testid="dashboard-approval">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ThumbsUp aria-hidden="true" className="size-5 text-brand-600" />
          Version {latest} is ready for your decision
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-slate-600 md:flex-row md:items-center">
        <p className="md:flex-1">
          Try it, then approve it to complete the project and receive your signed acceptance certificate, or ask for changes for
          the next round.
        </p>
        <Button asChild>
          <Link to={`/testing-feedback?project=${project.projectCode}#acceptance`}>Approve or request changes</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
