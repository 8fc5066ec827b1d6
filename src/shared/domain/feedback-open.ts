// Whether a project still takes new feedback: not once it is completed (the prototype is approved and the hand-over
// package is made of what was sent until then), and not for the customer's team once their access has ended. The
// server refuses (409) with these words; Testing & Feedback shows them instead of the Submit Feedback form.
import { accessExpired } from "./access-expiry";
import type { ProjectAccessLevel } from "./project-access";

export const FEEDBACK_CLOSED_MESSAGES = {
  completed:
    "This project is completed, so it takes no new feedback. To tell us about something else, write to the Blueprint team in Communications.",
  expired:
    "Access to this project has ended, so it takes no new feedback. Ask the Blueprint team to extend your access (Communications).",
} as const;

export type FeedbackClosedReason = keyof typeof FEEDBACK_CLOSED_MESSAGES;

type ProjectFacts = { status: string; customerAccessExpiryDate?: string | Date | null };

/** Why new feedback is refused on this project for this caller, or null while it is open. The company is not held by
 * the access expiry date (it is who extends it), but a completed project is closed for everyone. */
export function feedbackClosedReason(
  project: ProjectFacts,
  accessLevel: ProjectAccessLevel | null | undefined,
  now: Date,
): FeedbackClosedReason | null {
  if (project.status === "completed") return "completed";
  if (accessLevel !== "company" && accessExpired(project, now)) return "expired";
  return null;
}
