// The company side of the NDA: the list (pending and approved, paged), the approval code, and the approval.
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type CompanyNda, type CompanyNdaQuery, NDA_MESSAGES } from "../../../shared/schemas/nda";
import type { Page } from "../../../shared/schemas/paging";
import { emailNewCode } from "../../auth/code-email";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { onePage, pageReply } from "../../db/paging";
import { ndaSignatures, profiles, users } from "../../db/schema";
import { conflict } from "../../errors";
import { recordActivity } from "../activity";
import { enqueueWebhookEvent } from "../webhooks";
import { findProfileById } from "./find-profile";
import { type ClientInfo, recordNdaStep } from "./nda-audit";
import { checkNdaCode, oneLine, throttleCompanyCodeSending } from "./nda-codes";

const LISTED_STATUSES = {
  pending: ["customer_verified"],
  approved: ["approved"],
  all: ["customer_verified", "approved"],
} as const satisfies Record<CompanyNdaQuery["status"], readonly ProfileNdaStatus[]>;

type ProfileNdaStatus = NonNullable<typeof profiles.$inferSelect.ndaStatus>;

/** How each filter is ordered: the pending oldest signature first, the history latest approval first. */
function listOrder(status: CompanyNdaQuery["status"]): SQL[] {
  const pendingFirst = sql`case when ${profiles.ndaStatus} = 'customer_verified' then 0 else 1 end`;
  if (status === "pending") return [asc(profiles.ndaSignedAt), asc(profiles.id)];
  if (status === "approved") return [desc(profiles.ndaApprovedAt), asc(profiles.id)];
  return [
    pendingFirst,
    asc(sql`case when ${profiles.ndaStatus} = 'customer_verified' then ${profiles.ndaSignedAt} end`),
    desc(profiles.ndaApprovedAt),
    asc(profiles.id),
  ];
}

/**
 * GET /api/company/pending-ndas: signed NDAs for the company, by status (waiting for approval by default, approved ones as
 * a history), paged, with the names as signed (the profile may have been renamed since) and who approved each one when.
 */
export async function listCompanyNdas(ctx: AppContext, query: CompanyNdaQuery): Promise<Page<CompanyNda>> {
  const where = inArray(profiles.ndaStatus, [...LISTED_STATUSES[query.status]]);
  const [rows, [counted]] = await Promise.all([
    onePage(
      ctx.db
        .select({
          id: profiles.id,
          ndaStatus: profiles.ndaStatus,
          customerName: sql<string | null>`coalesce(${ndaSignatures.signerName}, ${profiles.fullName})`,
          companyName: sql<string | null>`coalesce(${ndaSignatures.companyName}, ${profiles.company})`,
          email: users.email,
          // The package of the project the NDA opened (the project holds it; the profile's choice only seeds it).
          packageType: sql<string | null>`coalesce((select pr.package_type from projects pr where pr.user_id = ${profiles.userId}
            order by pr.created_at limit 1), ${profiles.packageType})`,
          createdAt: profiles.createdAt,
          signedAt: sql<Date | null>`coalesce(${ndaSignatures.signedAt}, ${profiles.ndaSignedAt})`.mapWith(
            ndaSignatures.signedAt,
          ),
          approvedAt: sql<Date | null>`coalesce(${ndaSignatures.approvedAt}, ${profiles.ndaApprovedAt})`.mapWith(
            ndaSignatures.approvedAt,
          ),
          approvedBy: ndaSignatures.approvedBy,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .leftJoin(ndaSignatures, eq(ndaSignatures.profileId, profiles.id))
        .where(where)
        .orderBy(...listOrder(query.status))
        .$dynamic(),
      query,
    ),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(profiles).where(where),
  ]);
  const items = rows.map(({ ndaStatus, ...row }) => {
    const approved = ndaStatus === "approved";
    return {
      ...row,
      status: approved ? ("approved" as const) : ("pending" as const),
      createdAt: row.createdAt.toISOString(),
      signedAt: row.signedAt ? row.signedAt.toISOString() : null,
      approvedAt: approved && row.approvedAt ? row.approvedAt.toISOString() : null,
      approvedBy: approved ? row.approvedBy : null,
    };
  });
  return pageReply(items, counted?.count ?? 0, query);
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
export async function sendCompanyNdaCode(
  ctx: AppContext,
  { admin, profileId, client }: { admin: SessionUser; profileId: string; client: ClientInfo },
) {
  const { profile, signerName: customerName, companyName } = await pendingProfile(ctx, profileId);
  const email = admin.email.toLowerCase();
  await throttleCompanyCodeSending(ctx, { email, profileId: profile.id, ip: client.ip });
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
  { admin, input, client }: { admin: SessionUser; input: { profileId: string; code: string }; client: ClientInfo },
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
    await enqueueWebhookEvent(tx, {
      type: "nda.approved",
      data: { customerUserId: profile.userId, company: companyName },
      console: { tab: "nda" },
    });
    if (owner) {
      await ctx.email.enqueue({ kind: "nda-approved", to: owner.email, data: { signerName, companyName } }, tx);
    }
  });
  return { success: true, message: NDA_MESSAGES.approvedText };
}
