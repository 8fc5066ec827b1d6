// The NDA comes before the idea: a project and its requirement answers exist only once the owner's company profile is
// complete and the NDA signed. A member (invited to others' projects, no company of their own) creates none.
import { eq, sql } from "drizzle-orm";
import { mayCreateProjects } from "../../../shared/domain/onboarding";
import { PROJECT_MESSAGES } from "../../../shared/schemas/project";
import type { Database } from "../../db/client";
import { profiles, projectMembers, users } from "../../db/schema";
import { conflict, forbidden } from "../../errors";

export type OwnerProfile = { fullName: string | null; profileCompleted: boolean; ndaSigned: boolean };

export async function findOwnerProfile(db: Database, userId: string): Promise<OwnerProfile | null> {
  const [profile] = await db
    .select({ fullName: profiles.fullName, profileCompleted: profiles.profileCompleted, ndaSigned: profiles.ndaSigned })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return profile ?? null;
}

export const ownerOnboarded = (profile: OwnerProfile | null): boolean => mayCreateProjects(profile);

/** Whether the user belongs to someone else's project (matched by email, as membership is). */
async function isInvitedMember(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(projectMembers)
    .innerJoin(users, sql`lower(${projectMembers.email}) = lower(${users.email})`)
    .where(eq(users.id, userId))
    .limit(1);
  return row !== undefined;
}

/** Throws unless `userId` may open a new project: 403 for an invited member without a company, 409 before the NDA. */
export async function requireOnboardedOwner(db: Database, userId: string): Promise<OwnerProfile> {
  const profile = await findOwnerProfile(db, userId);
  if (ownerOnboarded(profile) && profile) return profile;
  if (!profile && (await isInvitedMember(db, userId)))
    throw forbidden(PROJECT_MESSAGES.memberCannotCreate, "MEMBER_CANNOT_CREATE");
  throw conflict(PROJECT_MESSAGES.ndaRequired, "NDA_REQUIRED");
}
