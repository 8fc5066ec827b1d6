// The dashboard's progress updates: the latest one in full (health, when, by whom, summary, next steps, images) and
// the whole history one click away, paged. A new update arrives live: posting it changes the project's row, whose
// change notice refreshes this list (live/refresh-by-tag.ts).
import { History, Megaphone } from "lucide-react";
import { useState } from "react";
import { UPDATE_DUE_STATUSES } from "../../../shared/domain/progress-updates";
import type { Project } from "../../../shared/schemas/project";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { ProgressUpdateView } from "../../components/kit/ProgressUpdateView";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardIconTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogHeader } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { useUpdates } from "../updates/api/get-updates";

const HISTORY_PAGE_SIZE = 5;

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
      {historyOpen && <UpdateHistoryDialog projectId={project.id} onClose={() => setHistoryOpen(false)} />}
    </Card>
  );
}

function UpdateHistoryDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const updates = useUpdates(projectId, page, HISTORY_PAGE_SIZE);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92vh] max-w-2xl overflow-y-auto">
        <DialogHeader title="Progress updates" description="Every update on this project, newest first." />
        <ListState
          isLoading={updates.isPending}
          error={updates.error}
          isEmpty={updates.data?.items.length === 0}
          emptyText="No updates yet."
          errorText="The progress updates could not be loaded."
          skeletonClassName="h-24 w-full rounded-xl"
          onRetry={() => updates.refetch()}
        >
          <ol className="grid gap-4" aria-label="Update history" data-testid="update-history">
            {updates.data?.items.map((update) => (
              <li key={update.id} className="rounded-xl border border-slate-200 p-4">
                <ProgressUpdateView update={update} />
              </li>
            ))}
          </ol>
          {updates.data && <Pager of={updates.data} onPage={setPage} />}
        </ListState>
      </DialogContent>
    </Dialog>
  );
}
