// The company side of the NDA: the pending list, the approval code, and the approval.
import { and, asc, eq, sql } from "drizzle-orm";
import { NDA_MESSAGES, type PendingNda } from "../../../shared/schemas/nda";
import { emailNewCode } from "../../auth/code-email";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { ndaSignatures, profiles, users } from "../../db/schema";
import { conflict } from "../../errors";
import { recordActivity } from "../activity/record-activity";
import { findProfileById } from "./find-profile";
import { type ClientInfo, recordNdaStep } from "./nda-audit";
import { checkNdaCode, oneLine, throttleCompanyCodeSending } from "./nda-codes";

const PENDING_LIST_LIMIT = 200;

/**
 * NDAs the customer signed and the company has not approved yet, oldest signature first, with the names as signed
 * (the profile may have been renamed since).
 */
export async function listPendingNdas(ctx: AppContext, page: { limit: number; offset: number }): Promise<PendingNda[]> {
  const rows = await ctx.db
    .select({
      id: profiles.id,
      customerName: sql<string | null>`coalesce(${ndaSignatures.signerName}, ${profiles.fullName})`,
      companyName: sql<string | null>`coalesce(${ndaSignatures.companyName}, ${profiles.company})`,
      email: users.email,
      packageType: profiles.packageType,
      createdAt: profiles.createdAt,
      signedAt: ndaSignatures.signedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(ndaSignatures, eq(ndaSignatures.profileId, profiles.id))
    .where(eq(profiles.ndaStatus, "customer_verified"))
    .orderBy(asc(ndaSignatures.signedAt), asc(profiles.id))
    .limit(Math.min(page.limit, PENDING_LIST_LIMIT))
    .offset(page.offset);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    signedAt: row.signedAt ? row.signedAt.toISOString() : null,
  }));
}

/** A profile awaiting approval, with the names its NDA was signed with (what the emails quote). */
async function pendingProfile(ctx: AppContext, profileId: string) {
  const profile = await findProfileById(ctx.db, profileId);
  if (profile.ndaStatus !== "customer_verified") throw conflict(NDA_MESSAGES.notAwaitingApproval, "NDA_NOT_PENDING");
  const [signed] = await ctx.db
    .select({ signerName: ndaSignatures.signerName, companyName: ndaSignatures.companyName })
    .from(ndaSignatures)
    .where(eq(ndaSignatures.profileId, profile.id))
    .limit(1);
  return {
    profile,
    signerName: oneLine(signed?.signerName ?? profile.fullName ?? ""),
    companyName: oneLine(signed?.companyName ?? profile.company ?? ""),
  };
}

/** POST /api/nda/send-company-otp: the approval code goes to the admin who asked for it. */
export async function sendCompanyNdaCode(ctx: AppContext, admin: SessionUser, profileId: string, client: ClientInfo) {
  const { profile, signerName: customerName, companyName } = await pendingProfile(ctx, profileId);
  const email = admin.email.toLowerCase();
  await throttleCompanyCodeSending(ctx, email, profile.id, client.ip);
  await emailNewCode(ctx, { purpose: "nda_company", email, subject: profile.id, ip: client.ip }, (code) => ({
    kind: "nda-company-code",
    data: { customerName, companyName, code },
  }));
  await recordNdaStep(ctx.db, { profileId: profile.id, step: "company_code_sent", email, client });
  return { success: true, message: NDA_MESSAGES.companyOtpSentText };
}

/** POST /api/company/nda/approve and /api/nda/verify-company-otp: approved once the admin's code checks out. */
export async function approveNda(
  ctx: AppContext,
  admin: SessionUser,
  input: { profileId: string; code: string },
  client: ClientInfo,
) {
  const { profile, signerName, companyName } = await pendingProfile(ctx, input.profileId);
  const email = admin.email.toLowerCase();
  await checkNdaCode(ctx, { purpose: "nda_company", email, subject: profile.id, code: input.code, ip: client.ip });
  const approvedAt = new Date();
  const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, profile.userId)).limit(1);

  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ ndaStatus: "approved", ndaApprovedAt: approvedAt, updatedAt: approvedAt })
      .where(and(eq(profiles.id, profile.id), eq(profiles.ndaStatus, "customer_verified")))
      .returning({ id: profiles.id });
    if (!updated) throw conflict(NDA_MESSAGES.notAwaitingApproval, "NDA_NOT_PENDING");
    await tx.update(ndaSignatures).set({ approvedBy: email, approvedAt }).where(eq(ndaSignatures.profileId, profile.id));
    await recordNdaStep(tx, { profileId: profile.id, step: "company_approved", email, client, at: approvedAt });
    await recordActivity(tx, {
      userId: profile.userId,
      actorId: admin.id,
      type: "nda.approved",
      title: "NDA approved",
      description: "Blueprint approved your NDA. You can download the signed copy from your dashboard.",
      notify: true,
    });
    if (owner) {
      await ctx.email.enqueue({ kind: "nda-approved", to: owner.email, data: { signerName, companyName } }, tx);
    }
  });
  return { success: true, message: NDA_MESSAGES.approvedText };
}
