// The audit log: every admin change (who, what, before → after), for one project or all of them.
import { useState } from "react";
import { AUTOMATIC_ACTOR_LABEL, auditActionLabel, isAutomaticActor } from "../../../shared/audit-actions";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Card, CardContent } from "../../components/ui/card";
import { formatDateTime } from "../../lib/date-time";
import { useListState } from "../../lib/use-list-state";
import { useAuditLog } from "./api/get-audit-log";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A field's value as the viewer reads it: a stored timestamp in the viewer's own zone, nothing as ∅. */
const show = (value: unknown) => {
  if (value === null || value === undefined || value === "") return "∅";
  if (typeof value === "string" && ISO_TIMESTAMP.test(value)) return formatDateTime(value);
  return String(value);
};

/** One project's log (inside View Details, its own page) or every project's (the tab, its page in the URL). */
export function AuditList({ projectId, page, onPage }: { projectId?: string; page?: number; onPage?: (page: number) => void }) {
  const [ownPage, setOwnPage] = useState(1);
  const audit = useAuditLog(projectId, page ?? ownPage);
  return (
    <ListState
      isLoading={audit.isLoading}
      error={audit.error}
      isEmpty={audit.data?.items.length === 0}
      emptyText="No changes recorded yet"
      onRetry={() => audit.refetch()}
    >
      <ol className="divide-y divide-slate-100">
        {audit.data?.items.map((entry) => (
          <li key={entry.id} className="min-w-0 py-3 text-sm">
            <p className="wrap-anywhere text-slate-900">
              <span className="font-medium">{auditActionLabel(entry.action)}</span>{" "}
              <span className="text-slate-500">
                · {isAutomaticActor(entry.actorEmail) ? AUTOMATIC_ACTOR_LABEL : entry.actorEmail} ·{" "}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </span>
            </p>
            <ul className="mt-1 space-y-0.5">
              {entry.changes.map((change) => (
                <li key={change.field} className="font-mono text-xs break-all text-slate-600">
                  {change.field}: <span className="text-red-700 line-through">{show(change.before)}</span> →{" "}
                  <span className="text-emerald-700">{show(change.after)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {audit.data && <Pager of={audit.data} onPage={onPage ?? setOwnPage} />}
    </ListState>
  );
}

export function AuditTab() {
  const { state, set } = useListState({}, { scope: "audit" });
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Audit Log</h2>
        <AuditList page={state.page} onPage={(page) => set({ page })} />
      </CardContent>
    </Card>
  );
}
