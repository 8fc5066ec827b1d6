// The loading, error and empty states of every list, customer and console: skeleton rows, the server's message with
// Retry, or the empty text; the list itself once there is something to show.
import { AlertTriangle, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { serverMessage } from "../../lib/api";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";

export function ListState(props: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: ReactNode;
  onRetry: () => void;
  /** What the error says when the server gave no message. */
  errorText?: string;
  /** The skeleton rows' classes (default: three cards). */
  skeletonClassName?: string;
  children: ReactNode;
}) {
  if (props.isLoading) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={props.skeletonClassName ?? "h-20 w-full rounded-xl"} />
        ))}
      </div>
    );
  }
  if (props.error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center">
        <AlertTriangle className="size-8 text-red-500" aria-hidden="true" />
        <p className="text-sm text-red-800">{serverMessage(props.error, props.errorText ?? "This list could not be loaded.")}</p>
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
