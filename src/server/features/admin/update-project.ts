// PATCH /api/company/projects/{id}: the admin's edit (status alone, or the details form's changed fields).
// Dates are parsed here, the access expiry follows the deployment date, and every change is audited and
// told to the customer where it matters to them (a status change by email too, once it has settled:
// status-email.ts).
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ActivityType } from "../../../shared/activity-types";
import { HOSTED_ACCESS_YEARS } from "../../../shared/constants/packages";
import { isUuid } from "../../../shared/domain/ids";
import { formatMoney, PAYMENT_PHASES, type PaymentPhase, toMinorUnits } from "../../../shared/domain/payments";
import { PRICE_MESSAGES, projectPrice } from "../../../shared/domain/pricing";
import { statusLabel } from "../../../shared/domain/project-status";
import { type AdminProject, CLOSE_MESSAGES, DATE_FIELDS, type ProjectPatch } from "../../../shared/schemas/admin";
import { type FieldChange, recordAudit } from "../../audit/record-audit";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { payments, projects, requirements } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { recordActivity } from "../activity";
import { emailPaymentReceived, syncPhaseInvoices } from "../invoices";
import { endOpenSessions, expireAtStripe } from "../payments";
import { deliveryHoursSql, PROJECT_NOT_FOUND, startDeliveryClockIfReady } from "../projects";
import { checkVersionUrl } from "../versions";
import { enqueueWebhookEvent } from "../webhooks";
import { findAdminProject } from "./list-admin-projects";
import { scheduleStatusEmail } from "./status-email";

type ProjectRow = typeof projects.$inferSelect;
type ProjectUpdate = Partial<typeof projects.$inferInsert>;

const DATE_FIELD_SET = new Set<string>(DATE_FIELDS);

export function accessExpiryFor(deployment: Date): Date {
  const expiry = new Date(deployment);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + HOSTED_ACCESS_YEARS);
  return expiry;
}

function toDbValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (DATE_FIELD_SET.has(field)) return new Date(String(value));
  return value;
}

function comparable(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

type CustomerEvent = { type: ActivityType; title: string; description: string };

/** What the customer is told (bell + Recent Activity) when the admin changes something they see. */
function customerEvents(before: ProjectRow, update: ProjectUpdate, closeReason: string | null): CustomerEvent[] {
  const code = before.projectCode;
  const events: CustomerEvent[] = [];
  if (update.status && update.status !== before.status) {
    events.push({
      type: "project.status_changed",
      title: `Status changed to ${statusLabel(update.status)}`,
      description: closeReason
        ? `${code}: closed by the Blueprint team. Reason: ${closeReason}`
        : `${code}: set by the Blueprint team.`,
    });
  }
  if (update.prototypeUrl && update.prototypeUrl !== before.prototypeUrl) {
    events.push({
      type: "project.prototype_ready",
      title: "Your prototype is online",
      description: `${code}: open Testing & Feedback to try it.`,
    });
  }
  const linkSet = (key: "advancePaymentLink" | "balancePaymentLink" | "finalPaymentLink") =>
    update[key] && update[key] !== before[key];
  if (linkSet("advancePaymentLink")) {
    events.push({
      type: "payment.link_sent",
      title: "Advance payment link is ready",
      description: `${code}: see Payment Information on your dashboard.`,
    });
  }
  if (linkSet("balancePaymentLink") || linkSet("finalPaymentLink")) {
    events.push({
      type: "payment.link_sent",
      title: "Balance payment link is ready",
      description: `${code}: see Payment Information on your dashboard.`,
    });
  }
  if (update.advancePaymentReceivedDate && !before.advancePaymentReceivedDate) {
    events.push({
      type: "payment.received",
      title: "Advance payment received",
      description: `${code}: thank you, development can start.`,
    });
  }
  if (update.balancePaymentReceivedDate && !before.balancePaymentReceivedDate) {
    events.push({ type: "payment.received", title: "Balance payment received", description: `${code}: thank you.` });
  }
  if (update.deploymentDate && comparable(update.deploymentDate) !== comparable(before.deploymentDate)) {
    events.push({
      type: "project.deployment_set",
      title: "Deployment date set",
      description: `${code}: your access runs one year from deployment.`,
    });
  }
  return events;
}

const PHASE_FIELDS = {
  advance: {
    received: "advancePaymentReceivedDate",
    amount: "advancePaymentAmount",
    unparsed: "advancePaymentAmountUnparsed",
    via: "advancePaidVia",
    currency: "advancePaymentCurrency",
  },
  balance: {
    received: "balancePaymentReceivedDate",
    amount: "balancePaymentAmount",
    unparsed: "balancePaymentAmountUnparsed",
    via: "balancePaidVia",
    currency: "balancePaymentCurrency",
  },
} as const;

/**
 * A received date typed by the admin means "paid by transfer" (a Stripe payment's date stays Stripe's unless the admin
 * changes it); cleared, the phase is unpaid again. A new amount replaces a pre-money text that did not parse.
 */
function transferFacts(before: ProjectRow, update: ProjectUpdate, changes: FieldChange[], stripeOn: boolean, now: Date): void {
  for (const fields of Object.values(PHASE_FIELDS)) {
    if (fields.received in update) {
      const via = update[fields.received] ? "transfer" : null;
      if (via !== before[fields.via]) {
        update[fields.via] = via;
        changes.push({ field: fields.via, before: before[fields.via], after: via });
      }
    }
    // With card payments on, an amount set is a checkout ready to pay: issued now unless a link date says when.
    const linkDate = fields.received === "advancePaymentReceivedDate" ? "advancePaymentLinkDate" : "balancePaymentLinkDate";
    if (stripeOn && update[fields.amount] && !before[fields.amount] && !before[linkDate] && !(linkDate in update)) {
      update[linkDate] = now;
      changes.push({ field: linkDate, before: null, after: now.toISOString() });
    }
    if (fields.amount in update && before[fields.unparsed] !== null) {
      update[fields.unparsed] = null;
      changes.push({ field: fields.unparsed, before: before[fields.unparsed], after: null });
    }
  }
  if ("finalPaymentAmount" in update && before.finalPaymentAmountUnparsed !== null) {
    update.finalPaymentAmountUnparsed = null;
    changes.push({ field: "finalPaymentAmountUnparsed", before: before.finalPaymentAmountUnparsed, after: null });
  }
}

/**
 * The project's price: a custom amount needs its reason (a new amount a new reason; the same amount keeps the one it
 * has); the plan's price (amount null) clears both. Each part that changes is a field of the audit entry.
 */
function priceFacts({
  before,
  price,
  reason,
  update,
  changes,
}: {
  before: ProjectRow;
  price: NonNullable<ProjectPatch["price"]>;
  reason: string | null;
  update: ProjectUpdate;
  changes: FieldChange[];
}): void {
  const customPrice = price.amount;
  const sameAmount = customPrice !== null && comparable(customPrice) === comparable(before.customPrice);
  const customPriceReason = customPrice === null ? null : reason || (sameAmount ? before.customPriceReason : null);
  if (customPrice !== null && !customPriceReason)
    throw badRequest(PRICE_MESSAGES.reasonRequired, { priceReason: PRICE_MESSAGES.reasonRequired });
  const next = { priceCurrency: price.currency, customPrice, customPriceReason };
  for (const [field, value] of Object.entries(next) as Array<[keyof typeof next, string | null]>) {
    if (comparable(before[field]) === comparable(value)) continue;
    (update as Record<string, unknown>)[field] = value;
    changes.push({ field, before: comparable(before[field]), after: value });
  }
}

/**
 * A changed price (amount or currency) or package is a new proposal, which the customer accepts before it applies
 * (decision 0040). An earlier acceptance stays on record; a paid advance stays paid.
 */
function proposalChanged(before: ProjectRow, update: ProjectUpdate): boolean {
  const after = { ...before, ...update } as ProjectRow;
  const [was, now] = [projectPrice(before), projectPrice(after)];
  return (
    after.packageType !== before.packageType ||
    now.currency !== was.currency ||
    Number(now.amount) !== Number(was.amount) ||
    now.source !== was.source
  );
}

/** A phase newly marked paid by transfer is a payment record (the revenue chart counts it by its amount). */
async function recordTransfers(db: Database, before: ProjectRow, update: ProjectUpdate, now: Date): Promise<void> {
  for (const [phase, fields] of Object.entries(PHASE_FIELDS) as Array<[PaymentPhase, (typeof PHASE_FIELDS)[PaymentPhase]]>) {
    const received = update[fields.received];
    if (!(received instanceof Date) || before[fields.received]) continue;
    const amount = (fields.amount in update ? update[fields.amount] : before[fields.amount]) as string | null;
    await db.insert(payments).values({
      projectId: before.id,
      phase,
      provider: "transfer",
      kind: "paid",
      amountMinor: toMinorUnits(amount),
      currency: (update[fields.currency] ?? before[fields.currency]) as string,
      occurredAt: received ?? now,
    });
  }
}

/** Whether the edit changes what a phase asks or whether it is received: its invoice follows (features/invoices). */
function changesPhases(update: ProjectUpdate): boolean {
  return PAYMENT_PHASES.some((phase) => {
    const fields = PHASE_FIELDS[phase];
    return fields.amount in update || fields.currency in update || fields.received in update;
  });
}

/** The payers are told of a phase newly marked received by transfer, its receipt attached (after the invoice sync). */
async function emailTransfersReceived(
  ctx: Pick<AppContext, "email">,
  { tx, before, update }: { tx: Database; before: ProjectRow; update: ProjectUpdate },
): Promise<void> {
  for (const phase of PAYMENT_PHASES) {
    const fields = PHASE_FIELDS[phase];
    if (!(update[fields.received] instanceof Date) || before[fields.received]) continue;
    const amount = (fields.amount in update ? update[fields.amount] : before[fields.amount]) as string | null;
    const minor = toMinorUnits(amount);
    const currency = (update[fields.currency] ?? before[fields.currency]) as string;
    const money = minor === null ? "the agreed amount" : formatMoney(minor, currency);
    await emailPaymentReceived(ctx.email, { tx, projectId: before.id, phase, money });
  }
}

/**
 * The phases whose open Checkout Sessions must end: a new amount or currency (a session asks the old price), or a
 * received date typed (paid by transfer: a card payment now would be a second one).
 */
function phasesRepriced(update: ProjectUpdate): PaymentPhase[] {
  return PAYMENT_PHASES.filter((phase) => {
    const fields = PHASE_FIELDS[phase];
    return fields.amount in update || fields.currency in update || update[fields.received] instanceof Date;
  });
}

async function briefConfirmed(db: Database, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmed: requirements.briefConfirmed })
    .from(requirements)
    .where(eq(requirements.projectId, projectId))
    .limit(1);
  return Boolean(row?.confirmed);
}

export async function updateProject(
  ctx: Pick<AppContext, "config" | "db" | "email">,
  {
    admin,
    projectId,
    patch,
    log,
  }: { admin: SessionUser; projectId: string; patch: ProjectPatch; log: Pick<FastifyBaseLogger, "warn"> },
): Promise<AdminProject> {
  const { db } = ctx;
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  if (Object.keys(patch).length === 0) throw badRequest("Nothing to update: send at least one field");
  // The prototype's address obeys version publishing's rule: public https, unless its origin is listed for framing.
  if (patch.prototypeUrl)
    checkVersionUrl({ href: patch.prototypeUrl, listedOrigins: ctx.config.prototypeFrameOrigins, field: "prototypeUrl" });
  const [before] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!before) throw notFound(PROJECT_NOT_FOUND);

  const { closeReason: rawReason, price, priceReason, ...fields } = patch;
  const closeReason = rawReason?.trim() || null;
  // Completion is the customer's approval, or the company's explicit close with a reason the customer is told.
  const closing = fields.status === "completed" && before.status !== "completed" && !before.acceptedAt;
  if (closing && !closeReason) throw badRequest(CLOSE_MESSAGES.reasonRequired, { closeReason: CLOSE_MESSAGES.reasonRequired });
  if (Object.keys(fields).length === 0 && !price) throw badRequest("Nothing to update: send at least one field");
  const update: ProjectUpdate = {};
  const changes: FieldChange[] = [];
  if (price) priceFacts({ before, price, reason: priceReason ?? null, update, changes });
  if (closing && closeReason) changes.push({ field: "closeReason", before: null, after: closeReason });
  for (const [field, raw] of Object.entries(fields)) {
    const value = toDbValue(field, raw);
    const old = before[field as keyof ProjectRow];
    if (comparable(old) === comparable(value)) continue;
    (update as Record<string, unknown>)[field] = value;
    changes.push({ field, before: comparable(old), after: comparable(value) });
  }
  if ("deploymentDate" in update) {
    const expiry = update.deploymentDate ? accessExpiryFor(update.deploymentDate as Date) : null;
    if (comparable(expiry) !== comparable(before.customerAccessExpiryDate)) {
      update.customerAccessExpiryDate = expiry;
      changes.push({
        field: "customerAccessExpiryDate",
        before: comparable(before.customerAccessExpiryDate),
        after: comparable(expiry),
      });
    }
  }
  transferFacts(before, update, changes, ctx.config.stripe !== null, new Date());
  // A proposal is shown once the brief is confirmed: a price changed before then is simply the first proposal's.
  const newProposal = proposalChanged(before, update) && (await briefConfirmed(db, projectId));
  if (newProposal) {
    update.proposalVersion = before.proposalVersion + 1;
    changes.push({ field: "proposalVersion", before: before.proposalVersion, after: update.proposalVersion });
  }
  const maxIterations = (update.maxIterations ?? before.maxIterations) as number;
  const iterationsUsed = (update.iterationsUsed ?? before.iterationsUsed) as number;
  if (iterationsUsed > maxIterations) {
    throw badRequest("Iterations used cannot exceed the iterations included", {
      iterationsUsed: "Iterations used cannot exceed the iterations included",
    });
  }

  let endedSessions: string[] = [];
  if (changes.length > 0) {
    const now = new Date();
    if (update.status) update.statusSetManuallyAt = now;
    // A project moved (back) into development owes its people a progress update from now on.
    if (update.status === "development") update.developmentStartedAt = now;
    await db.transaction(async (tx) => {
      await tx
        .update(projects)
        .set({ ...update, updatedAt: now })
        .where(eq(projects.id, projectId));
      // The typed received date starts the clock at once when the brief is already confirmed (the status follows at
      // the rules' next run); a package changed while it runs moves the due time to the new package's hours.
      if (update.advancePaymentReceivedDate) await startDeliveryClockIfReady(tx, { projectId, now });
      if (update.packageType && before.deliveryStartedAt && !before.deliveredAt) {
        await tx
          .update(projects)
          .set({ deliveryDueAt: sql`${projects.deliveryStartedAt} + make_interval(hours => ${deliveryHoursSql})` })
          .where(eq(projects.id, projectId));
      }
      await recordAudit(tx, {
        projectId,
        actor: { id: admin.id, email: admin.email },
        action: Object.keys(fields).length === 1 && "status" in fields && !price ? "project.status" : "project.update",
        changes,
      });
      await recordTransfers(tx, before, update, now);
      // A new proposal ends the advance's open sessions too: the advance is paid for an accepted version.
      const repriced = phasesRepriced(update);
      if (newProposal && !before.advancePaymentReceivedDate && !repriced.includes("advance")) repriced.push("advance");
      endedSessions = await endOpenSessions(tx, { projectId, phases: repriced });
      // The phases' invoices follow the edit in its transaction: issued (and emailed), voided and re-issued, or paid.
      if (changesPhases(update)) {
        await syncPhaseInvoices(tx, { projectId, now, email: ctx.email });
        await emailTransfersReceived(ctx, { tx, before, update });
      }
      for (const event of customerEvents(before, update, closing ? closeReason : null)) {
        await recordActivity(tx, { userId: before.userId, projectId, actorId: admin.id, notify: true, ...event });
      }
      for (const phase of ["advance", "balance"] as const) {
        const received = phase === "advance" ? "advancePaymentReceivedDate" : "balancePaymentReceivedDate";
        if (update[received] && !before[received])
          await enqueueWebhookEvent(tx, {
            type: "payment.received",
            data: { projectId, phase, method: "recorded by the company" },
          });
      }
      if (update.status === "completed" && before.status !== "completed")
        await enqueueWebhookEvent(tx, { type: "project.completed", data: { projectId } });
      if (update.status) {
        await scheduleStatusEmail(ctx, {
          tx,
          change: {
            project: { ...before, projectName: (update.projectName as string | null | undefined) ?? before.projectName },
            from: before.status,
            to: update.status,
            now,
          },
        });
      }
    });
  }
  // After the commit: the edit stands whatever Stripe answers (the webhook refuses a price the phase no longer asks).
  await expireAtStripe(ctx.config.stripe, { ids: endedSessions, log });
  const after = await findAdminProject(db, projectId);
  if (!after) throw notFound(PROJECT_NOT_FOUND);
  return after;
}
