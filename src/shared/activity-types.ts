// The closed list of activity event types (activity_events.type): what Recent Activity, the admin views and the bell
// show, each with its label. Adding a type is one entry here; `recordActivity` accepts only a listed type.
// Titles and descriptions are written per event by the feature that records it.
import type { ItemTarget } from "./item-links";

export const ACTIVITY_TYPES = {
  "project.created": { label: "Project created", opens: "project" },
  "project.deleted": { label: "Project deleted", opens: "projects" },
  "project.status_changed": { label: "Project status changed", opens: "project" },
  "project.prototype_ready": { label: "Prototype ready", opens: "feedback" },
  "project.deployment_set": { label: "Deployment link set", opens: "project" },
  "project.access_extended": { label: "Access extended", opens: "project" },
  "project.version_published": { label: "Prototype version published", opens: "feedback" },
  "project.update_posted": { label: "Progress update posted", opens: "project" },
  "requirements.saved": { label: "Requirements saved", opens: "requirements" },
  "brief.generated": { label: "Brief generated", opens: "requirements" },
  "brief.edited": { label: "Brief edited", opens: "requirements" },
  "brief.confirmed": { label: "Brief confirmed", opens: "requirements" },
  "proposal.accepted": { label: "Proposal accepted", opens: "project" },
  "brd.uploaded": { label: "BRD uploaded", opens: "project" },
  "invoice.uploaded": { label: "Invoice uploaded", opens: "project" },
  "payment.link_sent": { label: "Payment link sent", opens: "project" },
  "payment.received": { label: "Payment received", opens: "project" },
  "profile.completed": { label: "Company profile completed", opens: "profile" },
  "profile.updated": { label: "Company profile updated", opens: "profile" },
  "profile.reminder_sent": { label: "Profile reminder sent", opens: "profile" },
  "nda.code_sent": { label: "NDA signing code sent", opens: "nda" },
  "nda.signed": { label: "NDA signed", opens: "nda" },
  "nda.awaiting_approval": { label: "NDA awaiting approval", opens: "nda" },
  "nda.approved": { label: "NDA approved", opens: "nda" },
  "member.added": { label: "Team member added", opens: "team" },
  "member.invited": { label: "Added to a project", opens: "project" },
  "member.removed": { label: "Team member removed", opens: "team" },
  "member.left": { label: "Team member left", opens: "team" },
  "feedback.created": { label: "Feedback submitted", opens: "feedback" },
  "feedback.updated": { label: "Feedback edited", opens: "feedback" },
  "feedback.done": { label: "Feedback addressed", opens: "feedback" },
  "feedback.reopened": { label: "Feedback reopened", opens: "feedback" },
  "feedback.fixed": { label: "Feedback fixed in a version", opens: "feedback" },
  "feedback.wont_fix": { label: "Feedback won't be fixed", opens: "feedback" },
  "feedback.confirmed": { label: "Fix confirmed", opens: "feedback" },
  "feedback.round_closed": { label: "Feedback round closed", opens: "feedback" },
  "communication.message": { label: "New message", opens: "thread" },
  "communication.reply": { label: "New reply", opens: "thread" },
  "meeting.requested": { label: "Meeting requested", opens: "meeting" },
  "meeting.responded": { label: "Meeting request answered", opens: "meeting" },
} as const satisfies Record<string, ActivityTypeEntry>;

/** One type's entry: its label, as a list or filter names the type, and what the bell opens for it (shared/item-links.ts). */
export type ActivityTypeEntry = { label: string; opens: ItemTarget };

export type ActivityType = keyof typeof ACTIVITY_TYPES;

export const ACTIVITY_TYPE_NAMES = Object.keys(ACTIVITY_TYPES) as [ActivityType, ...ActivityType[]];

/** A stored type is one of the list (rows written before a type was retired are not). */
export const isActivityType = (value: string): value is ActivityType => Object.hasOwn(ACTIVITY_TYPES, value);
