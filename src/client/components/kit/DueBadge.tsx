// A console row's service-level clock (shared/domain/service-levels.ts): "Due in 3 h" or, past the promise,
// "Overdue by 2 h" in red, with the promise itself as the badge's title.
import type { MeetingUrgency } from "../../../shared/constants/meetings";
import { describeDue, SERVICE_LEVELS, type ServiceLevelKind, serviceDueAt } from "../../../shared/domain/service-levels";
import { Badge } from "../ui/badge";

export function DueBadge(props: {
  kind: ServiceLevelKind;
  since: string | Date;
  urgency?: MeetingUrgency;
  now?: Date;
  className?: string;
}) {
  const due = serviceDueAt(props.kind, props.since, props.urgency);
  const { overdue, text } = describeDue(due, props.now ?? new Date());
  return (
    <Badge
      variant={overdue ? "danger" : "warning"}
      className={props.className}
      title={`${SERVICE_LEVELS[props.kind].label}: ${SERVICE_LEVELS[props.kind].promise}`}
      data-testid="due-badge"
    >
      {text}
    </Badge>
  );
}
