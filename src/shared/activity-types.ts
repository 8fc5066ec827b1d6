// The closed list of activity event types (activity_events.type): what Recent Activity, the admin views and the bell
// show, each with its label. Adding a type is one entry here; `recordActivity` accepts only a listed type.
// Titles and descriptions are written per event by the feature that records it.

export const ACTIVITY_TYPES = {
  "project.created": { label: "Project created" },
  "project.deleted": { label: "Project deleted" },
  "project.status_changed": { label: "Project status changed" },
  "project.prototype_ready": { label: "Prototype ready" },
  "project.deployment_set": { label: "Deployment link set" },
  "project.access_extended": { label: "Access extended" },
  "project.version_published": { label: "Prototype version published" },
  "project.update_posted": { label: "Progress update posted" },
  "requirements.saved": { label: "Requirements saved" },
  "brief.generated": { label: "Brief generated" },
  "brief.edited": { label: "Brief edited" },
  "brief.confirmed": { label: "Brief confirmed" },
  "brd.uploaded": { label: "BRD uploaded" },
  "invoice.uploaded": { label: "Invoice uploaded" },
  "payment.link_sent": { label: "Payment link sent" },
  "payment.received": { label: "Payment received" },
  "profile.completed": { label: "Company profile completed" },
  "profile.updated": { label: "Company profile updated" },
  "profile.reminder_sent": { label: "Profile reminder sent" },
  "nda.code_sent": { label: "NDA signing code sent" },
  "nda.signed": { label: "NDA signed" },
  "nda.awaiting_approval": { label: "NDA awaiting approval" },
  "nda.approved": { label: "NDA approved" },
  "member.added": { label: "Team member added" },
  "member.invited": { label: "Added to a project" },
  "member.removed": { label: "Team member removed" },
  "member.left": { label: "Team member left" },
  "feedback.created": { label: "Feedback submitted" },
  "feedback.updated": { label: "Feedback edited" },
  "feedback.done": { label: "Feedback addressed" },
  "feedback.reopened": { label: "Feedback reopened" },
  "feedback.fixed": { label: "Feedback fixed in a version" },
  "feedback.wont_fix": { label: "Feedback won't be fixed" },
  "feedback.confirmed": { label: "Fix confirmed" },
  "feedback.round_closed": { label: "Feedback round closed" },
  "communication.message": { label: "New message" },
  "communication.reply": { label: "New reply" },
  "meeting.requested": { label: "Meeting requested" },
  "meeting.responded": { label: "Meeting request answered" },
} as const satisfies Record<string, ActivityTypeEntry>;

/** One type's entry: its label, as a list or filter names the type. */
export type ActivityTypeEntry = { label: string };

export type ActivityType = keyof typeof ACTIVITY_TYPES;

export const ACTIVITY_TYPE_NAMES = Object.keys(ACTIVITY_TYPES) as [ActivityType, ...ActivityType[]];
