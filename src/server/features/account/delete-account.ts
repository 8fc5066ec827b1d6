// Account deletion by its owner, confirmed with an emailed code. Personal data is erased; what the law needs kept
// (the signed NDA with its audit trail, projects with payments or invoices) stays, anonymised, under a retention
// note, and the company sees the deletion in its audit log. Sessions and memberships end in the same transaction.
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { CODE_SEND_LIMITS, CODE_VERIFY_LIMIT_PER_IP } from "../../../shared/constants/auth";
import { isoDay } from "../../../shared/domain/dates";
import { ACCOUNT_MESSAGES } from "../../../shared/schemas/account";
import { recordAudit } from "../../audit/record-audit";
import { emailNewCode } from "../../auth/code-email";
import { consumeCode } from "../../auth/one-time-codes";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { SessionUser } from "../../auth/sessions";
import { rowChange } from "../../cache/change-notices";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import {
  activityEvents,
  communicationReplies,
  communications,
  contactInquiries,
  feedback,
  fileAttachments,
  invoices,
  issuedDocuments,
  meetingRequests,
  notificationDigestItems,
  notificationPreferences,
  oneTimeCodes,
  outgoingEmails,
  profiles,
  projectMembers,
  projects,
  requirements,
  sessions,
  users,
} from "../../db/schema";
import { forbidden } from "../../errors";
import { DELETED_AUTHOR, eraseTraces } from "./erase-traces";

type ProjectRow = typeof projects.$inferSelect;

export { DELETED_AUTHOR };

function requireCustomerAccount(user: SessionUser): void {
  if (user.role !== "customer") throw forbidden(ACCOUNT_MESSAGES.notCustomer);
}

export async function sendDeletionCode(ctx: AppContext, { user, ip }: { user: SessionUser; ip: string }) {
  requireCustomerAccount(user);
  const email = user.email.toLowerCase();
  await consumeRateLimits(
    ctx.db,
    [
      { bucket: "account-delete-code-10m", key: email, ...CODE_SEND_LIMITS.perEmailShort },
      { bucket: "account-delete-code-day", key: email, ...CODE_SEND_LIMITS.perEmailDay },
    ],
    "Too many code requests. Please wait a few minutes and try again.",
  );
  await emailNewCode(ctx, { purpose: "account_delete", email, subject: user.id, ip }, (code) => ({
    kind: "account-deletion-code",
    data: { email, code },
  }));
  return { success: true, message: ACCOUNT_MESSAGES.deletionCodeSent };
}

/** Payments received or invoices issued: the project's financial record must be kept. */
function hasFinancialRecord(project: ProjectRow, invoiced: Set<string>): boolean {
  return Boolean(
    invoiced.has(project.id) ||
      project.advanceInvoiceUrl ||
      project.finalInvoiceUrl ||
      project.advancePaymentReceivedDate ||
      project.balancePaymentReceivedDate ||
      project.advancePaymentDate ||
      project.advancePaymentDateManual ||
      project.finalPaymentDate ||
      project.finalPaymentDateManual,
  );
}

export type DeletionOutcome = { deletedProjects: string[]; keptProjects: string[]; keptNda: boolean };

export async function deleteAccount(
  ctx: AppContext,
  { user, input }: { user: SessionUser; input: { code: string; ip: string } },
): Promise<DeletionOutcome> {
  requireCustomerAccount(user);
  const email = user.email.toLowerCase();
  await consumeRateLimits(ctx.db, [{ bucket: "account-delete-verify-ip", key: input.ip, ...CODE_VERIFY_LIMIT_PER_IP }]);
  await consumeCode(ctx.db, ctx.config.secretKey, { purpose: "account_delete", email, subject: user.id, code: input.code });

  const released: string[] = [];
  const outcome = await ctx.db.transaction((tx) => eraseAccount(tx, user, email, released));
  // Stored bytes go once no project holds them any more (after the commit, like any released file).
  for (const fileId of new Set(released)) {
    const [stillUsed] = await ctx.db
      .select({ id: fileAttachments.id })
      .from(fileAttachments)
      .where(eq(fileAttachments.fileId, fileId))
      .limit(1);
    if (!stillUsed) await ctx.files.delete(fileId);
  }
  // The change notice does the same for every process; this one must not wait for it.
  ctx.caches.sessions.invalidate(rowChange("users", "id", user.id));
  return outcome;
}

async function eraseAccount(tx: Database, user: SessionUser, email: string, released: string[]): Promise<DeletionOutcome> {
  const now = new Date();
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1);
  const owned = await tx.select().from(projects).where(eq(projects.userId, user.id));
  const ownedIds = owned.map((p) => p.id);
  const invoiced = new Set(
    ownedIds.length
      ? [
          ...(
            await tx
              .selectDistinct({ projectId: fileAttachments.projectId })
              .from(fileAttachments)
              .where(and(inArray(fileAttachments.projectId, ownedIds), eq(fileAttachments.kind, "invoice")))
          ).map((row) => row.projectId),
          // The portal's own invoices (features/invoices) are kept too: invoices.project_id restricts the deletion.
          ...(
            await tx.selectDistinct({ projectId: invoices.projectId }).from(invoices).where(inArray(invoices.projectId, ownedIds))
          ).map((row) => row.projectId),
        ]
      : [],
  );
  const kept = owned.filter((p) => hasFinancialRecord(p, invoiced));
  const dropped = owned.filter((p) => !kept.includes(p));
  const keptNda = Boolean(profile?.ndaSigned);
  const retained = keptNda || kept.length > 0;
  const reasons = [keptNda ? "the signed NDA and its audit trail" : null, kept.length ? "payments and invoices" : null];
  const note = `Account deleted on ${isoDay(now)}; kept only as the law requires (${reasons.filter(Boolean).join("; ")}). Personal data erased.`;

  // Files of the projects that go, and every file of a kept project but its invoices.
  const droppedIds = dropped.map((p) => p.id);
  const keptIds = kept.map((p) => p.id);
  const filesGoing = await tx
    .select({ fileId: fileAttachments.fileId })
    .from(fileAttachments)
    .where(
      or(
        droppedIds.length ? inArray(fileAttachments.projectId, droppedIds) : sql`false`,
        keptIds.length ? and(inArray(fileAttachments.projectId, keptIds), ne(fileAttachments.kind, "invoice")) : sql`false`,
      ),
    );
  released.push(...filesGoing.map((row) => row.fileId));

  if (droppedIds.length) {
    await tx.delete(issuedDocuments).where(inArray(issuedDocuments.projectId, droppedIds));
    await tx.delete(projects).where(inArray(projects.id, droppedIds));
  }
  if (keptIds.length) {
    await tx.delete(requirements).where(inArray(requirements.projectId, keptIds));
    await tx.delete(feedback).where(inArray(feedback.projectId, keptIds));
    await tx.delete(communications).where(inArray(communications.projectId, keptIds));
    await tx.delete(meetingRequests).where(inArray(meetingRequests.projectId, keptIds));
    await tx.delete(projectMembers).where(inArray(projectMembers.projectId, keptIds));
    await tx.delete(activityEvents).where(inArray(activityEvents.projectId, keptIds));
    await tx.delete(fileAttachments).where(and(inArray(fileAttachments.projectId, keptIds), ne(fileAttachments.kind, "invoice")));
    await tx.delete(issuedDocuments).where(inArray(issuedDocuments.projectId, keptIds));
    await tx
      .update(projects)
      .set({
        retentionNote: note,
        prototypeUrl: null,
        brdDocumentUrl: null,
        brdDocumentName: null,
        brdUploadedAt: null,
        updatedAt: now,
      })
      .where(inArray(projects.id, keptIds));
  }

  // Their general support threads (with the company, outside any project) are theirs alone: they go with the account,
  // replies and read markers with them (the foreign keys cascade). An anonymised account row would otherwise keep them.
  await tx.delete(communications).where(eq(communications.customerId, user.id));
  // What they did on other people's projects stays with those projects, without their name or address.
  const names = [user.name, profile?.fullName].filter((name): name is string => Boolean(name));
  await eraseTraces(tx, { person: { userId: user.id, email, names }, now });
  await tx.delete(projectMembers).where(eq(projectMembers.email, email));
  await tx
    .update(communicationReplies)
    .set({ authorEmail: DELETED_AUTHOR })
    .where(or(eq(communicationReplies.authorId, user.id), sql`lower(${communicationReplies.authorEmail}) = ${email}`));
  await tx.execute(sql`update ${issuedDocuments} set details = details - 'issuedTo' where details ->> 'issuedTo' = ${email}`);
  await tx.delete(contactInquiries).where(sql`lower(${contactInquiries.email}) = ${email}`);
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.email, email));
  await tx.delete(outgoingEmails).where(sql`lower(${outgoingEmails.toAddress}) = ${email}`);
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  await tx.delete(activityEvents).where(eq(activityEvents.userId, user.id));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  await tx.delete(notificationDigestItems).where(eq(notificationDigestItems.userId, user.id));

  if (profile && keptNda) {
    await tx
      .update(profiles)
      .set({
        fullName: null,
        company: null,
        jobTitle: null,
        phone: null,
        companySize: null,
        industry: null,
        companyAddress: null,
        companyWebsite: null,
        primaryContact: null,
        budgetRange: null,
        timeline: null,
        retentionNote: note,
        updatedAt: now,
      })
      .where(eq(profiles.id, profile.id));
  } else if (profile) {
    await tx.delete(profiles).where(eq(profiles.id, profile.id));
  }

  if (retained) {
    await tx
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        name: null,
        firstName: null,
        lastName: null,
        lastSignInAt: null,
        timeZone: null,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
  } else {
    await tx.delete(users).where(eq(users.id, user.id));
  }

  const codes = (list: ProjectRow[]) => list.map((p) => p.projectCode);
  const actor = { id: null, email: "the account owner (account deleted)" };
  await recordAudit(tx, {
    projectId: null,
    actor,
    action: "account.deleted",
    changes: [
      { field: "account", before: user.id, after: retained ? "anonymised" : "deleted" },
      { field: "projects deleted", before: codes(dropped), after: [] },
      ...(retained ? [{ field: "retention note", before: null, after: note }] : []),
      ...(kept.length ? [{ field: "projects kept", before: null, after: codes(kept) }] : []),
    ],
  });
  for (const project of kept) {
    await recordAudit(tx, {
      projectId: project.id,
      actor,
      action: "account.deleted",
      changes: [{ field: "retentionNote", before: null, after: note }],
    });
  }
  return { deletedProjects: codes(dropped), keptProjects: codes(kept), keptNda };
}
