// The closed list of email kinds: each kind once, with its preference category and its template file
// (templates/<kind>.ts: subject, link, content, example). Adding a kind is a template file and one line here;
// a kind without a category or a template part does not compile, and a caller can only send a listed kind with
// its template's data.
import type { NotificationKind } from "../../shared/schemas/account";
import { type EmailContent, renderEmail, type UnsubscribeFooter } from "./layout";
import type { EmailTemplate } from "./template";
import accessExpiryReminder from "./templates/access-expiry-reminder";
import accessExtended from "./templates/access-extended";
import accountDeletionCode from "./templates/account-deletion-code";
import communicationMessage from "./templates/communication-message";
import communicationRepliesBatch from "./templates/communication-replies-batch";
import communicationReply from "./templates/communication-reply";
import communicationThreadsBatch from "./templates/communication-threads-batch";
import contactConfirmation from "./templates/contact-confirmation";
import contactInquiry from "./templates/contact-inquiry";
import deliveryDueSoon from "./templates/delivery-due-soon";
import feedbackDone from "./templates/feedback-done";
import feedbackResolved from "./templates/feedback-resolved";
import invoiceIssued from "./templates/invoice-issued";
import meetingRequest from "./templates/meeting-request";
import meetingResponse from "./templates/meeting-response";
import ndaApproved from "./templates/nda-approved";
import ndaAwaitingApproval from "./templates/nda-awaiting-approval";
import ndaCompanyCode from "./templates/nda-company-code";
import ndaCompanyNotice from "./templates/nda-company-notice";
import ndaCustomerCode from "./templates/nda-customer-code";
import notificationDigest from "./templates/notification-digest";
import paymentCompanyNotice from "./templates/payment-company-notice";
import paymentDuplicateNotice from "./templates/payment-duplicate-notice";
import paymentReceived from "./templates/payment-received";
import paymentReminder from "./templates/payment-reminder";
import profileReminder from "./templates/profile-reminder";
import projectInvitation from "./templates/project-invitation";
import projectStatus from "./templates/project-status";
import projectUpdate from "./templates/project-update";
import proposalAccepted from "./templates/proposal-accepted";
import signInCode from "./templates/sign-in-code";
import staffInvitation from "./templates/staff-invitation";
import webhookPaused from "./templates/webhook-paused";

/**
 * Which of the recipient's choices an email answers to:
 * - a notification kind: sent, held for the daily digest or dropped as the recipient chose, and when sent it carries
 *   a one-click unsubscribe link (List-Unsubscribe header and a line in the body);
 * - "security": codes, receipts, the contact inbox: always sent, no unsubscribe link;
 * - "transactional": a document of a purchase (an invoice, a receipt): always sent, no unsubscribe link, like a
 *   security email; the recipient cannot turn off what they need to file;
 * - "digest": the daily digest itself, whose link turns off every kind the user gets as a digest.
 */
export type EmailCategory = NotificationKind | "security" | "transactional" | "digest";

/** The categories sent whatever the recipient chose, without an unsubscribe link. */
export const ALWAYS_SENT_CATEGORIES: readonly EmailCategory[] = ["security", "transactional"];

/** One kind's entry: both parts required. */
export type EmailKindEntry = { category: EmailCategory; template: EmailTemplate<unknown> };

export const EMAIL_KINDS = {
  // Notifications (Profile Settings → Notifications)
  "access-expiry-reminder": { category: "status", template: accessExpiryReminder },
  "access-extended": { category: "status", template: accessExtended },
  "communication-message": { category: "messages", template: communicationMessage },
  "communication-reply": { category: "messages", template: communicationReply },
  "communication-replies-batch": { category: "messages", template: communicationRepliesBatch },
  "communication-threads-batch": { category: "messages", template: communicationThreadsBatch },
  "delivery-due-soon": { category: "status", template: deliveryDueSoon },
  "feedback-done": { category: "feedback", template: feedbackDone },
  "feedback-resolved": { category: "feedback", template: feedbackResolved },
  "meeting-request": { category: "meetings", template: meetingRequest },
  "meeting-response": { category: "meetings", template: meetingResponse },
  "nda-approved": { category: "status", template: ndaApproved },
  "nda-awaiting-approval": { category: "status", template: ndaAwaitingApproval },
  "nda-company-notice": { category: "status", template: ndaCompanyNotice },
  "proposal-accepted": { category: "status", template: proposalAccepted },
  "profile-reminder": { category: "status", template: profileReminder },
  "project-status": { category: "status", template: projectStatus },
  "project-update": { category: "updates", template: projectUpdate },
  "project-invitation": { category: "team", template: projectInvitation },
  "payment-company-notice": { category: "payments", template: paymentCompanyNotice },
  "payment-duplicate-notice": { category: "payments", template: paymentDuplicateNotice },
  "payment-reminder": { category: "payments", template: paymentReminder },
  // Always sent
  "sign-in-code": { category: "security", template: signInCode },
  "account-deletion-code": { category: "security", template: accountDeletionCode },
  "nda-customer-code": { category: "security", template: ndaCustomerCode },
  "nda-company-code": { category: "security", template: ndaCompanyCode },
  "contact-inquiry": { category: "security", template: contactInquiry },
  "contact-confirmation": { category: "security", template: contactConfirmation },
  "webhook-paused": { category: "security", template: webhookPaused },
  "staff-invitation": { category: "security", template: staffInvitation },
  // Documents of a purchase: always sent, no unsubscribe link
  "invoice-issued": { category: "transactional", template: invoiceIssued },
  "payment-received": { category: "transactional", template: paymentReceived },
  // The digest of held notifications (email/digest.ts)
  "notification-digest": { category: "digest", template: notificationDigest },
} as const satisfies Record<string, EmailKindEntry>;

export type EmailKind = keyof typeof EMAIL_KINDS;

/** The data kind `K`'s template renders. */
export type EmailData<K extends EmailKind> = (typeof EMAIL_KINDS)[K]["template"]["example"];

/** One email of any kind with its data: `{ kind: "feedback-done", data: {...} }`. */
export type EmailOf<K extends EmailKind = EmailKind> = { [P in K]: { kind: P; data: EmailData<P> } }[K];

export const EMAIL_KIND_NAMES = Object.keys(EMAIL_KINDS) as EmailKind[];

export function emailCategoryOf(kind: EmailKind): EmailCategory {
  return EMAIL_KINDS[kind].category;
}

/** The subject and content of `email`, its link built for `appUrl`. */
function emailContentOf(email: EmailOf, appUrl: string): { subject: string; content: EmailContent } {
  const template: EmailTemplate<unknown> = EMAIL_KINDS[email.kind].template;
  const content =
    template.link === null ? template.content(email.data) : template.content(email.data, template.link(appUrl, email.data));
  return { subject: template.subject(email.data), content };
}

/** The one way an email is rendered: its subject, plain-text and HTML parts, with the unsubscribe line when given. */
export function renderEmailOf(
  email: EmailOf,
  appUrl: string,
  unsubscribe: UnsubscribeFooter | null = null,
): { subject: string; text: string; html: string } {
  const { subject, content } = emailContentOf(email, appUrl);
  return { subject, ...renderEmail(content, unsubscribe) };
}
