// Which notification kind (the user's choice) each email belongs to. Emails not listed here are security or
// transactional mail (codes, sign-in, contact receipts): always sent and carrying no unsubscribe link.
import type { NotificationKind } from "../../shared/schemas/account";

const EMAIL_KINDS: Record<string, NotificationKind> = {
  "communication-message": "messages",
  "communication-reply": "messages",
  "feedback-done": "feedback",
  "meeting-request": "meetings",
  "meeting-response": "meetings",
  "nda-approved": "status",
  "payment-company-notice": "payments",
  "payment-received": "payments",
  "payment-reminder": "payments",
  "nda-awaiting-approval": "status",
  "nda-company-notice": "status",
  "profile-reminder": "status",
  "project-status": "status",
  "project-invitation": "team",
};

export function notificationKindOf(emailKind: string): NotificationKind | null {
  return Object.hasOwn(EMAIL_KINDS, emailKind) ? (EMAIL_KINDS[emailKind] ?? null) : null;
}
