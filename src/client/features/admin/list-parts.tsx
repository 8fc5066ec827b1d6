// Loading, error and empty states and the pager every admin list shares.
import { AlertTriangle, ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { serverMessage } from "../../lib/api";

export function ListState(props: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (props.isLoading) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (props.error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center">
        <AlertTriangle className="size-8 text-red-500" aria-hidden="true" />
        <p className="text-sm text-red-800">{serverMessage(props.error, "This list could not be loaded.")}</p>
        <Button variant="outline" onClick={props.onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (props.isEmpty) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        <Inbox className="size-8 text-slate-400" aria-hidden="true" />
        <p>{props.emptyText}</p>
      </div>
    );
  }
  return <>{props.children}</>;
}

export function Pager(props: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (props.total === 0) return null;
  const from = (props.page - 1) * props.pageSize + 1;
  const to = Math.min(props.total, props.page * props.pageSize);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <span>
        {from.toLocaleString("en-US")}–{to.toLocaleString("en-US")} of {props.total.toLocaleString("en-US")}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="tabular-nums">
          {props.page} / {pages.toLocaleString("en-US")}
        </span>
        <Button variant="outline" size="sm" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
