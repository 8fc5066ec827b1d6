// POST /api/profile: saves the company profile and marks it completed. The first project opens when the NDA is signed
// (the NDA comes before the idea). The NDA fields are derived here, never taken from the request.
import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_NEW_PROJECT } from "../../../shared/constants/packages";
import { splitName } from "../../../shared/schemas/display-name";
import type { SaveProfileInput } from "../../../shared/schemas/profile";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { profiles, projects, users } from "../../db/schema";
import { recordActivity } from "../activity";
import { applyStatusRules, createProject } from "../projects";
import { type ProfileRow, toProfileDto } from "./profile-dto";

export async function saveProfile(ctx: AppContext, { user, input }: { user: SessionUser; input: SaveProfileInput }) {
  const fields = {
    fullName: input.fullName,
    jobTitle: input.jobTitle,
    company: input.company,
    companyAddress: input.companyAddress,
    phone: input.phone,
    companySize: input.companySize,
    industry: input.industry,
    companyWebsite: input.companyWebsite || null,
    primaryContact: input.primaryContact.toLowerCase(),
    packageType: input.packageType,
    budgetRange: input.budgetRange,
    timeline: input.timeline,
    // The billing entity: an older client sends none of these and keeps what is stored.
    ...billingFieldsOf(input),
  };

  return ctx.db.transaction(async (tx) => {
    // One save at a time per user, so two quick saves cannot both create a "first" project.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
    const [existing] = await tx.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1);
    const ndaStatus = ndaStatusAfterSave(existing);
    const now = new Date();
    const [saved] = await tx
      .insert(profiles)
      .values({ userId: user.id, ...fields, profileCompleted: true, ndaStatus, updatedAt: now })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, profileCompleted: true, ndaStatus, updatedAt: now } })
      .returning();
    if (!saved) throw new Error("profile upsert returned nothing");
    // One display name: the profile's full name becomes the name the portal and its emails call the person by.
    await tx.update(users).set(splitName(fields.fullName)).where(eq(users.id, user.id));

    await recordActivity(tx, {
      userId: user.id,
      actorId: user.id,
      type: existing?.profileCompleted ? "profile.updated" : "profile.completed",
      title: existing?.profileCompleted ? "Company profile updated" : "Company profile completed",
      description: `${fields.company} · ${fields.fullName}`,
    });
    await advanceProjectsWaitingForProfile(tx, user.id);
    return { profile: toProfileDto(saved) };
  });
}

const BILLING_FIELDS = ["billingName", "billingAddress", "billingCountry", "billingRegion", "billingTaxId"] as const;

/** The billing fields the request carries (an older client's payload has none, and saves none of them). */
function billingFieldsOf(input: SaveProfileInput): Partial<Pick<SaveProfileInput, (typeof BILLING_FIELDS)[number]>> {
  if (!BILLING_FIELDS.some((field) => input[field] !== undefined)) return {};
  return Object.fromEntries(BILLING_FIELDS.map((field) => [field, input[field] ?? null]));
}

/** Projects opened before the profile existed move on now that it is complete. */
async function advanceProjectsWaitingForProfile(tx: Database, userId: string): Promise<void> {
  const waiting = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.userId, userId), eq(projects.status, "profile")));
  for (const project of waiting) await applyStatusRules(tx, { projectId: project.id, actorId: userId });
}

/** customer_verified or approved stand; anything else becomes pending when the profile is saved. */
function ndaStatusAfterSave(existing: ProfileRow | undefined): ProfileRow["ndaStatus"] {
  const status = existing?.ndaStatus;
  return status === "customer_verified" || status === "approved" ? status : "pending";
}

/** Opens the owner's first project from the profile's package, budget and timeline; later projects choose their own. */
export async function openFirstProject(
  tx: Database,
  {
    userId,
    fields,
  }: {
    userId: string;
    fields: { packageType: SaveProfileInput["packageType"]; budgetRange: string | null; timeline: string | null };
  },
): Promise<boolean> {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(projects).where(eq(projects.userId, userId));
  if ((row?.count ?? 0) > 0) return false;
  await createProject(tx, {
    ownerId: userId,
    packageType: fields.packageType ?? DEFAULT_NEW_PROJECT.packageType,
    budgetRange: fields.budgetRange ?? DEFAULT_NEW_PROJECT.budgetRange,
    timeline: fields.timeline ?? DEFAULT_NEW_PROJECT.timeline,
    status: "requirements",
  });
  return true;
}
