// What the audit log calls each action. Named actions first; entries whose route named no action are stored as
// "METHOD /api/route" and read here too, so the log never shows a raw route. When the actions become one closed
// record, its label column is this map.

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  "project.update": "Project updated",
  "project.status": "Status changed",
  "project.status_auto": "Status changed automatically (status rules)",
  "brd.upload": "BRD uploaded",
  "brd.delete": "BRD removed",
  "invoice.upload": "Invoice uploaded",
  "invoice.delete": "Invoice removed",
  "inquiry.status": "Inquiry status changed",
  "member.added": "Project user added",
  "member.removed": "Project user removed",
  "feedback.created": "Feedback submitted",
  "feedback.updated": "Feedback reviewed",
  "feedback.round_closed": "Feedback round closed",
  "meeting_request.created": "Meeting requested",
  "meeting_request.responded": "Meeting request answered",
  "account.deleted": "Account deleted",
  "POST /api/projects/:id/communications": "Message sent",
  "POST /api/projects/:id/communications/:communicationId/replies": "Replied to a message",
  "POST /api/projects/:id/communications/:communicationId/read": "Conversation marked as read",
  "POST /api/notifications/:id/read": "Notification marked as read",
  "POST /api/notifications/read-all": "All notifications marked as read",
  "POST /api/company/nda/approve": "NDA approved",
  "POST /api/nda/send-company-otp": "NDA approval code sent",
  "POST /api/nda/verify-company-otp": "NDA approved",
  "POST /api/company/users/:userId/profile-reminder": "Profile reminder sent",
  "POST /api/calendly/test-connection": "Calendly connection tested",
  "POST /api/projects/:id/requirements": "Requirements saved",
  "POST /api/projects/:id/requirements/generate": "Brief generated",
  "POST /api/me/time-zone": "Time zone changed",
  "PUT /api/me/notification-preferences": "Email choices changed",
  "PATCH /api/company/meeting-requests/:id": "Meeting request answered",
};

/** The name the actor column shows for the status rules' own changes (stored under the system actor's address). */
export const AUTOMATIC_ACTOR_LABEL = "Automatic (status rules)";

const METHOD_VERBS: Readonly<Record<string, string>> = { POST: "Added", PUT: "Changed", PATCH: "Changed", DELETE: "Removed" };

/**
 * The readable name of a stored action. An action nobody named yet still reads as words ("Changed: project users"),
 * never as a route with its parameters.
 */
export function auditActionLabel(action: string): string {
  const named = AUDIT_ACTION_LABELS[action];
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
