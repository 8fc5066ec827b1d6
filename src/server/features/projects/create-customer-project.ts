// New Project from the Prototype Projects page: the status follows the rules (a project starts at
// "requirements" once the owner's profile is complete, at "profile" before), never the client's say.
import { eq } from "drizzle-orm";
import type { PackageType } from "../../../shared/constants/packages";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema";
import { createProject } from "./create-project";
import { toProjectDto } from "./project-dto";

/** New projects one customer may open a day: each project has its own invitation allowance and seats. */
export const NEW_PROJECT_LIMIT = { max: 10, windowSeconds: 24 * 60 * 60 } as const;
export const NEW_PROJECT_LIMIT_MESSAGE = `You can create at most ${NEW_PROJECT_LIMIT.max} projects a day. Please try again tomorrow.`;

export async function createCustomerProject(
  db: Database,
  owner: { id: string },
  input: { packageType: PackageType; budgetRange: string | null; timeline: string | null },
) {
  await consumeRateLimits(db, [{ bucket: "project-create-day", key: owner.id, ...NEW_PROJECT_LIMIT }], NEW_PROJECT_LIMIT_MESSAGE);
  const [profile] = await db
    .select({ fullName: profiles.fullName, profileCompleted: profiles.profileCompleted })
    .from(profiles)
    .where(eq(profiles.userId, owner.id))
    .limit(1);
  const created = await createProject(db, {
    ownerId: owner.id,
    packageType: input.packageType,
    budgetRange: input.budgetRange,
    timeline: input.timeline,
    status: profile?.profileCompleted ? "requirements" : "profile",
  });
  return toProjectDto(created, {
    authorizedUsersCount: 0,
    customerName: profile?.fullName ?? null,
    accessLevel: "owner",
    requirementsSubmitted: false,
  });
}
