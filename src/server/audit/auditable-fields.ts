// The closed list of fields an audit entry may record: `recordAudit` (audit/record-audit.ts), the only writer
// of the admin audit log, keeps these and drops every other field, whichever route or use case hands it over.
import { EDITABLE_PROJECT_FIELDS } from "../../shared/schemas/admin";

/**
 * The closed list of fields an audit entry may record (issue 26, item 8: the NDA approval code landed in the log as
 * `{"field":"otp","after":"894930"}`). Every entry, whichever use case or route writes it, keeps only these fields;
 * anything else (a code, a token, a password, a field added to a body later) is dropped before it is stored. A new
 * field is recorded only once someone adds it here, having checked it can never hold a secret.
 */
export const AUDITABLE_FIELDS: ReadonlySet<string> = new Set<string>([
  // Projects (the console's edit and the automatic status rules), documents and invoices.
  ...EDITABLE_PROJECT_FIELDS,
  "status",
  "closeReason",
  // The project's price (the edit's `price` is recorded as these parts).
  "priceCurrency",
  "customPrice",
  "customPriceReason",
  // Payments: how a phase was paid, a pasted amount that did not read as money.
  "advancePaidVia",
  "balancePaidVia",
  "advancePaymentAmountUnparsed",
  "balancePaymentAmountUnparsed",
  "finalPaymentAmountUnparsed",
  "iterationsUsed",
  "customerAccessExpiryDate",
  // The customer's decision on the prototype: where it came from is the company's record, not the certificate's.
  "decision",
  "decidedFromIp",
  "decidedWithBrowser",
  // Prototype versions and the delivery clock.
  "latestVersion",
  "deliveryStartedAt",
  "deliveryDueAt",
  "deliveredAt",
  // Progress updates: when the last one was posted and its health.
  "lastUpdateAt",
  "updateHealth",
  "brdDocumentName",
  "brdDocumentUrl",
  "advanceInvoiceName",
  "finalInvoiceName",
  // Feedback, meeting requests, inquiries, members, communications.
  "adminComment",
  "feedbackType",
  "issueFaced",
  "changeDescription",
  "screenshotFileId",
  "resolution",
  "fixedInVersion",
  "subject",
  "description",
  "preferredDates",
  "urgency",
  "scheduledAt",
  "meetingLink",
  "meetingUrl",
  "adminNotes",
  "email",
  "accessLevel",
  "type",
  "content",
  "channel",
  "communicationId",
  "profileId",
  "packageType",
  // Account deletion.
  "account",
  "projects deleted",
  "projects kept",
  "retention note",
  "retentionNote",
  // The company's legal details (the console's Billing tab): public business facts, never a secret.
  "legalName",
  "address",
  "country",
  "region",
  "taxId",
  "taxLabel",
  "taxRatePercent",
  "invoicePrefix",
  "governingLaw",
  "signatoryName",
  "signatoryTitle",
  "contactEmail",
  "advancePercent",
  // The team (issue 44 §1): an invitation's name and role, a member's role and whether they are active.
  "name",
  "role",
  "staffMember",
  "active",
]);
/** Member changes are recorded per member ("member erin@example.com": before → after access level). */
const AUDITABLE_PREFIXES = ["member "];

export function isAuditableField(field: string): boolean {
  return AUDITABLE_FIELDS.has(field) || AUDITABLE_PREFIXES.some((prefix) => field.startsWith(prefix));
}
