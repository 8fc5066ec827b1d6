// The closed list of audit actions (admin_audit_log.action) a company user's or the system's change is logged under,
// each with the label the audit log shows. Adding one is one entry here; `recordAudit` and a route's
// `config.audit.action` accept only a listed action. A company write route that names none is logged as its method
// and route ("PATCH /api/company/x/:id"), which the label shows as it is.

export const AUDIT_ACTIONS = {
  "project.update": { label: "Project updated" },
  "project.status": { label: "Project status changed" },
  "project.status_auto": { label: "Project status changed by the status rules" },
  "project.version_published": { label: "Prototype version published" },
  "project.delivery_clock_started": { label: "Delivery clock started by hand" },
  "brd.upload": { label: "BRD uploaded" },
  "brd.delete": { label: "BRD removed" },
  "invoice.upload": { label: "Invoice uploaded" },
  "invoice.delete": { label: "Invoice removed" },
  "member.added": { label: "Team member added" },
  "member.removed": { label: "Team member removed" },
  "feedback.created": { label: "Feedback submitted" },
  "feedback.updated": { label: "Feedback updated" },
  "feedback.round_closed": { label: "Feedback round closed" },
  "meeting_request.created": { label: "Meeting requested" },
  "meeting_request.responded": { label: "Meeting request answered" },
  "communication.replied": { label: "Message replied" },
  "inquiry.status": { label: "Inquiry status changed" },
  "account.deleted": { label: "Account deleted" },
} as const satisfies Record<string, AuditActionEntry>;

/** One action's entry: the label the audit log shows for it. */
export type AuditActionEntry = { label: string };

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** What a company write route that names no action is logged as: its method and route. */
export type RouteAuditAction = `${"POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTIONS, value);
}

/** The audit log's wording of a stored action: a listed action's label, else the action as stored (method and route). */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action].label : action;
}
