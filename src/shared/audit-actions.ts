// The closed list of audit actions (admin_audit_log.action) a company user's or the system's change is logged under,
// each with the label the audit log shows. Adding one is one entry here; `recordAudit` and a route's
// `config.audit.action` accept only a listed action, and every write route names one (or `audit: false` where its use
// case records its own entries or no company user can call it): the app refuses to start otherwise.

export const AUDIT_ACTIONS = {
  "project.update": { label: "Project updated" },
  "project.status": { label: "Status changed" },
  "project.status_auto": { label: "Status changed automatically (status rules)" },
  "project.access_extended": { label: "Access expiry date extended" },
  "project.version_published": { label: "Prototype version published" },
  "project.delivery_clock_started": { label: "Delivery clock started by hand" },
  "project.update_posted": { label: "Progress update posted" },
  "brd.upload": { label: "BRD uploaded" },
  "brd.delete": { label: "BRD removed" },
  "invoice.upload": { label: "Invoice uploaded" },
  "invoice.delete": { label: "Invoice removed" },
  "member.added": { label: "Project user added" },
  "member.removed": { label: "Project user removed" },
  "feedback.created": { label: "Feedback submitted" },
  "feedback.updated": { label: "Feedback reviewed" },
  "feedback.round_closed": { label: "Feedback round closed" },
  "feedback.resolved": { label: "Feedback marked fixed or won't fix" },
  "meeting_request.created": { label: "Meeting requested" },
  "meeting_request.responded": { label: "Meeting request answered" },
  "communication.replied": { label: "Message replied" },
  "inquiry.status": { label: "Inquiry status changed" },
  "account.deleted": { label: "Account deleted" },
  "project.decided": { label: "Prototype approved or changes requested by the customer" },
  "proposal.accepted": { label: "Proposal accepted by the customer" },
  "project.created": { label: "Project created" },
  "project.deleted": { label: "Empty project removed" },
  "requirements.saved": { label: "Requirements saved" },
  "requirements.brief_generated": { label: "Brief generated" },
  "member.left": { label: "Left the project" },
  "feedback.confirmed": { label: "Fix confirmed" },
  "feedback.reopened": { label: "Feedback reopened" },
  "communication.sent": { label: "Message sent" },
  "profile.saved": { label: "Company profile saved" },
  "profile.reminder_sent": { label: "Profile reminder sent" },
  "nda.code_sent": { label: "NDA signing code sent" },
  "nda.signed": { label: "NDA signed" },
  "nda.approval_code_sent": { label: "NDA approval code sent" },
  "nda.approved": { label: "NDA approved" },
  "account.time_zone": { label: "Time zone changed" },
  "account.name": { label: "Name changed" },
  "account.email_choices": { label: "Email choices changed" },
  "account.deletion_code_sent": { label: "Account deletion code sent" },
  "account.unsubscribed": { label: "Unsubscribed from an email" },
  "inquiry.created": { label: "Inquiry sent" },
  "legal_settings.update": { label: "Company legal details changed" },
  "webhook.created": { label: "Webhook endpoint added" },
  "webhook.updated": { label: "Webhook endpoint changed" },
  "webhook.secret_rotated": { label: "Webhook signing secret rotated" },
  "webhook.deleted": { label: "Webhook endpoint deleted" },
  "webhook.resent": { label: "Webhook delivery resent" },
  "staff.invited": { label: "Staff member invited" },
  "staff.updated": { label: "Staff member's role or access changed" },
} as const satisfies Record<string, AuditActionEntry>;

/** One action's entry: the label the audit log shows for it. */
export type AuditActionEntry = { label: string };

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTIONS, value);
}

/**
 * Entries written before every route named its action were stored as "METHOD /api/route": the log reads those by
 * these names, so it never shows a raw route.
 */
const ROUTE_ACTION_LABELS: Readonly<Record<string, string>> = {
  "POST /api/projects/:id/communications": "Message sent",
  "POST /api/projects/:id/communications/:communicationId/replies": "Replied to a message",
  "POST /api/projects/:id/communications/:communicationId/read": "Conversation marked as read",
  "POST /api/notifications/:id/read": "Notification marked as read",
  "POST /api/notifications/read-all": "All notifications marked as read",
  "POST /api/company/nda/approve": "NDA approved",
  "POST /api/nda/send-company-otp": "NDA approval code sent",
  "POST /api/nda/verify-company-otp": "NDA approved",
  "POST /api/company/users/:userId/profile-reminder": "Profile reminder sent",
  "POST /api/projects/:id/requirements": "Requirements saved",
  "POST /api/projects/:id/requirements/generate": "Brief generated",
  "PUT /api/me/time-zone": "Time zone changed",
  "PUT /api/me/notification-preferences": "Email choices changed",
  "PATCH /api/company/meeting-requests/:id": "Meeting request answered",
};

/** The name the actor column shows for the status rules' own changes (stored under the system actor's address). */
export const AUTOMATIC_ACTOR_LABEL = "Automatic (status rules)";

const METHOD_VERBS: Readonly<Record<string, string>> = { POST: "Added", PUT: "Changed", PATCH: "Changed", DELETE: "Removed" };

/**
 * The audit log's wording of a stored action: a listed action's label, a known route's name, else words made from
 * the route ("Changed: project users") or the action, never a route with its parameters.
 */
export function auditActionLabel(action: string): string {
  if (isAuditAction(action)) return AUDIT_ACTIONS[action].label;
  const named = ROUTE_ACTION_LABELS[action];
  if (named) return named;
  const route = /^(POST|PUT|PATCH|DELETE) \/api\/(.+)$/.exec(action);
  if (route) {
    const words = (route[2] ?? "")
      .split("/")
      .filter((segment) => segment && !segment.startsWith(":") && segment !== "company" && segment !== "projects")
      .map((segment) => segment.replace(/[-_]/g, " "));
    return `${METHOD_VERBS[route[1] ?? ""] ?? "Changed"}: ${words.join(" ") || "project"}`;
  }
  const words = action.replace(/[._]/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Change";
}

/** Whether the stored actor is the system (the status rules) rather than a person. */
export function isAutomaticActor(actorEmail: string): boolean {
  return actorEmail.startsWith("system (");
}
