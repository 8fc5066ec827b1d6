// Data factories shared by the tests and the seed script.

import { eq } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { profiles, projects, users } from "../src/server/db/schema";
import { createProject } from "../src/server/features/projects/create-project";
import type { PackageType } from "../src/shared/constants/packages";
import type { ProjectStatus } from "../src/shared/domain/project-status";

export async function createUser(db: Database, input: { email: string; name: string; role?: "customer" | "company" }) {
  const [firstName, ...rest] = input.name.split(" ");
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      name: input.name,
      firstName: firstName ?? null,
      lastName: rest.join(" ") || null,
      role: input.role ?? "customer",
    })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

export async function createCompletedProfile(
  db: Database,
  input: {
    userId: string;
    fullName: string;
    company: string;
    packageType?: PackageType;
    ndaStatus?: "pending" | "customer_verified" | "approved";
  },
) {
  const ndaSigned = input.ndaStatus === "customer_verified" || input.ndaStatus === "approved";
  const [profile] = await db
    .insert(profiles)
    .values({
      userId: input.userId,
      fullName: input.fullName,
      company: input.company,
      jobTitle: "Head of Product",
      phone: "+1 415 555 0100",
      companySize: "11-50",
      industry: "technology",
      companyAddress: "500 Market Street, San Francisco, CA",
      companyWebsite: "https://example.com",
      primaryContact: "ops@example.com",
      packageType: input.packageType ?? "basic",
      budgetRange: "5k-10k",
      timeline: "4-6 weeks",
      profileCompleted: true,
      ndaStatus: input.ndaStatus ?? "pending",
      ndaSigned,
      ndaSignedAt: ndaSigned ? new Date() : null,
    })
    .returning();
  if (!profile) throw new Error("profile insert returned nothing");
  return profile;
}

export async function createProjectWithStatus(
  db: Database,
  input: { ownerId: string; packageType?: PackageType; status: ProjectStatus; prototypeUrl?: string },
) {
  const project = await createProject(db, {
    ownerId: input.ownerId,
    packageType: input.packageType ?? "basic",
    status: input.status,
  });
  if (input.prototypeUrl) {
    await db.update(projects).set({ prototypeUrl: input.prototypeUrl }).where(eq(projects.id, project.id));
  }
  return project;
}
