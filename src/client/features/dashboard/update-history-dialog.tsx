// Every progress update of a project, newest first, paged: the dashboard's "All updates" (loaded on the first open).
import { useState } from "react";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { ProgressUpdateView } from "../../components/kit/ProgressUpdateView";
import { Dialog, DialogContent, DialogHeader } from "../../components/ui/dialog";
import { useUpdates } from "../updates/api/get-updates";

const HISTORY_PAGE_SIZE = 5;

export function UpdateHistoryDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
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
