// GET /api/customer-profile/{userId} and /nda: a customer's profile and NDA as the admin's View Details shows them.
import { asc, eq } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import type { Database } from "../../db/client";
import { ndaAuditEvents, ndaSignatures, profiles, users } from "../../db/schema";
import { notFound } from "../../errors";
import { toProfileDto } from "../onboarding";

const NOT_FOUND = "Customer profile not found";

async function profileFor(db: Database, userId: string) {
  if (!isUuid(userId)) throw notFound(NOT_FOUND);
  const [row] = await db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function getCustomerProfile(db: Database, userId: string) {
  const row = await profileFor(db, userId);
  return { ...toProfileDto(row.profile), email: row.email };
}

export async function getCustomerNda(db: Database, userId: string) {
  const { profile } = await profileFor(db, userId);
  const [[signature], trail] = await Promise.all([
    db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, profile.id)).limit(1),
    db
      .select({ step: ndaAuditEvents.step, email: ndaAuditEvents.email, createdAt: ndaAuditEvents.createdAt })
      .from(ndaAuditEvents)
      .where(eq(ndaAuditEvents.profileId, profile.id))
      .orderBy(asc(ndaAuditEvents.createdAt)),
  ]);
  return {
    profileId: profile.id,
    ndaStatus: profile.ndaStatus,
    ndaSigned: profile.ndaSigned,
    ndaSignedAt: profile.ndaSignedAt?.toISOString() ?? null,
    ndaApprovedAt: profile.ndaApprovedAt?.toISOString() ?? null,
    signerName: signature?.signerName ?? null,
    signerEmail: signature?.signerEmail ?? null,
    signatureMethod: signature?.signatureMethod ?? null,
    approvedBy: signature?.approvedBy ?? null,
    downloadUrl: signature ? `/api/nda/download/${profile.id}` : null,
    auditTrail: trail.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
  };
}
