// The dashboard's progress updates: the latest one in full (health, when, by whom, summary, next steps, images) and
// the whole history one click away, paged. A new update arrives live: posting it changes the project's row, whose
// change notice refreshes this list (live/refresh-by-tag.ts).
import { History, Megaphone } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { UPDATE_DUE_STATUSES } from "../../../shared/domain/progress-updates";
import type { Project } from "../../../shared/schemas/project";
import { ProgressUpdateView } from "../../components/kit/ProgressUpdateView";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardIconTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useUpdates } from "../updates/api/get-updates";

const UpdateHistoryDialog = lazy(() => import("./update-history-dialog").then((m) => ({ default: m.UpdateHistoryDialog })));

export function LatestUpdateCard({ project }: { project: Project }) {
  const latest = useUpdates(project.id, 1, 1);
  const [historyOpen, setHistoryOpen] = useState(false);
  const building = (UPDATE_DUE_STATUSES as readonly string[]).includes(project.status);
  const total = latest.data?.total ?? 0;
  // Before the build starts there is nothing to report: the card appears with development (or the first update).
  if (!building && total === 0 && !latest.isPending) return null;
  const update = latest.data?.items[0];
  return (
    <Card data-testid="latest-update">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardIconTitle icon={Megaphone}>Progress update</CardIconTitle>
        {total > 1 && (
          <Button variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
            <History aria-hidden="true" />
            All updates ({total})
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {latest.isPending ? (
          <Skeleton className="h-24" />
        ) : latest.isError ? (
          <p className="text-sm text-slate-600">The progress updates could not be loaded.</p>
        ) : update ? (
          <ProgressUpdateView update={update} />
        ) : (
          <p className="text-sm text-slate-600">
            No update yet. While your prototype is built, the team posts a progress update here every day: what changed, how the
            project is going and what comes next.
          </p>
        )}
      </CardContent>
      {historyOpen && (
        <Suspense fallback={null}>
          <UpdateHistoryDialog projectId={project.id} onClose={() => setHistoryOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
