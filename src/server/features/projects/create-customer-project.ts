// New Project from the Prototype Projects page: only an owner with a complete profile and a signed NDA opens one, and
// it starts at "requirements"; the status is never the client's say.
import type { PackageType } from "../../../shared/constants/packages";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { Database } from "../../db/client";
import { createProject } from "./create-project";
import { requireOnboardedOwner } from "./owner-onboarding";
import { toProjectDto } from "./project-dto";

/** New projects one customer may open a day: each project has its own invitation allowance and seats. */
export const NEW_PROJECT_LIMIT = { max: 10, windowSeconds: 24 * 60 * 60 } as const;
export const NEW_PROJECT_LIMIT_MESSAGE = `You can create at most ${NEW_PROJECT_LIMIT.max} projects a day. Please try again tomorrow.`;

export async function createCustomerProject(
  db: Database,
  {
    owner,
    input,
  }: { owner: { id: string }; input: { packageType: PackageType; budgetRange: string | null; timeline: string | null } },
) {
  const profile = await requireOnboardedOwner(db, owner.id);
  await consumeRateLimits(db, [{ bucket: "project-create-day", key: owner.id, ...NEW_PROJECT_LIMIT }], NEW_PROJECT_LIMIT_MESSAGE);
  const created = await createProject(db, {
    ownerId: owner.id,
    packageType: input.packageType,
    budgetRange: input.budgetRange,
    timeline: input.timeline,
    status: "requirements",
  });
  return toProjectDto(created, {
    authorizedUsersCount: 0,
    customerName: profile.fullName,
    accessLevel: "owner",
    requirementsSubmitted: false,
  });
}
