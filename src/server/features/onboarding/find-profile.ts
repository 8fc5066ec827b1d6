// Looks up profiles: the caller's own, or one by id for its owner or a company admin (others get 404).

import { eq, sql } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import { NDA_MESSAGES } from "../../../shared/schemas/nda";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { profiles } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import type { ProfileRow } from "./profile-dto";

const ownProfileQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare("own_profile"),
);

export async function findOwnProfile(db: Database, userId: string): Promise<ProfileRow | null> {
  const [row] = await ownProfileQuery(db).execute({ userId });
  return row ?? null;
}

/** A profile the caller may see: its owner's, or any for a company admin. Anything else is "not found". */
export async function findVisibleProfile(
  db: Database,
  { user, profileId }: { user: SessionUser; profileId: string },
): Promise<ProfileRow> {
  if (!isUuid(profileId)) throw notFound("NDA not found");
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row || (user.role !== "company" && row.userId !== user.id)) throw notFound("NDA not found");
  return row;
}

/** A profile by id, for company routes. */
export async function findProfileById(db: Database, profileId: string): Promise<ProfileRow> {
  if (!isUuid(profileId)) throw notFound("Profile not found");
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row) throw notFound("Profile not found");
  return row;
}

/** The caller's own completed, not yet signed profile: the only one an NDA code may be sent for or signed on. */
export async function findProfileReadyToSign(
  db: Database,
  { user, input }: { user: SessionUser; input: { email: string; emailField: string } },
): Promise<ProfileRow> {
  if (input.email.toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(NDA_MESSAGES.emailMismatch, { [input.emailField]: NDA_MESSAGES.emailMismatch }, "EMAIL_MISMATCH");
  }
  const profile = await findOwnProfile(db, user.id);
  if (!profile?.profileCompleted) throw badRequest(NDA_MESSAGES.profileRequired, undefined, "PROFILE_REQUIRED");
  if (profile.ndaSigned) throw conflict(NDA_MESSAGES.alreadySigned, "NDA_ALREADY_SIGNED");
  return profile;
}
