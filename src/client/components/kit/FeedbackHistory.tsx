// An item's whole history, oldest first (reported, answered, fixed in version N / won't fix, confirmed, reopened),
// its resolution badge, and the dialog that asks for a reason (reopen, won't fix). Testing & Feedback and the
// console's Feedback Management both show these.
import {
  type FeedbackHistoryEvent,
  type FeedbackItem,
  feedbackEventLabel,
  type reopenFeedbackSchema,
} from "../../../shared/schemas/feedback";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/date-time";
import { useSchemaForm } from "../../lib/form";
import { Badge } from "../ui/badge";
import { Field } from "../ui/field";
import { Textarea } from "../ui/input";
import { FormDialog } from "./FormDialog";

const DOT: Record<FeedbackHistoryEvent["kind"], string> = {
  reported: "bg-slate-400",
  answered: "bg-brand-500",
  fixed: "bg-emerald-500",
  wont_fix: "bg-slate-600",
  confirmed: "bg-emerald-700",
  reopened: "bg-amber-500",
};

/** The item's state in one badge once the company closed it: fixed in N (confirmed or not) or won't fix. */
export function ResolutionBadge({
  item,
}: {
  item: Pick<FeedbackItem, "resolution" | "fixedInVersion" | "confirmedAt" | "status" | "history">;
}) {
  if (item.resolution === "fixed") {
    return (
      <Badge variant="success" data-testid="resolution-badge">
        {item.confirmedAt ? `Fix confirmed · version ${item.fixedInVersion}` : `Fixed in version ${item.fixedInVersion}`}
      </Badge>
    );
  }
  if (item.resolution === "wont_fix") {
    return (
      <Badge variant="secondary" data-testid="resolution-badge">
        Won't fix
      </Badge>
    );
  }
  if (item.status === "pending" && item.history.at(-1)?.kind === "reopened") {
    return (
      <Badge variant="warning" data-testid="resolution-badge">
        Reopened
      </Badge>
    );
  }
  return null;
}

export function FeedbackHistory({ history }: { history: FeedbackHistoryEvent[] }) {
  return (
    <details className="group rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs" open={history.length > 1}>
      <summary className="cursor-pointer font-medium text-slate-800">History ({history.length})</summary>
      <ol className="mt-2 grid gap-2" aria-label="Feedback history">
        {history.map((event) => (
          <li key={`${event.kind}-${event.at}`} className="grid grid-cols-[auto_1fr] gap-x-2" data-testid="history-event">
            <span className={cn("mt-1 size-2 rounded-full", DOT[event.kind])} aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-slate-800">
                <span className="font-semibold">{feedbackEventLabel(event)}</span>
                <span className="text-slate-500">
                  {" · "}
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {event.actorName ? ` · ${event.byCompany ? `${event.actorName} (our team)` : event.actorName}` : ""}
                  {event.kind === "reopened" && event.round !== null ? ` · back in round ${event.round}` : ""}
                </span>
              </p>
              {event.note && <p className="whitespace-pre-wrap wrap-anywhere text-slate-700">{event.note}</p>}
            </div>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Asks for the reason a step needs; a refusal shows the server's field message under the box and a toast. */
export function ReasonDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  pendingLabel: string;
  errorText: string;
  /** reopenFeedbackSchema or wontFixFormSchema: one required reason. */
  schema: typeof reopenFeedbackSchema;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const form = useSchemaForm(props.schema, { reason: "" });
  return (
    <FormDialog
      form={form}
      open={props.open}
      onClose={() => props.onOpenChange(false)}
      title={props.title}
      description={props.description}
      submitLabel={props.confirmLabel}
      pendingLabel={props.pendingLabel}
      errorText={props.errorText}
      className="max-w-md"
      onSubmit={async ({ reason }) => {
        await props.onSubmit(reason);
        form.reset({ reason: "" });
        props.onOpenChange(false);
      }}
    >
      <Field label={props.label} required error={form.formState.errors.reason?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register("reason")} />}
      </Field>
    </FormDialog>
  );
}
