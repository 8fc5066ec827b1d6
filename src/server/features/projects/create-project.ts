// Creates a project for its owner: the server sets the code and the status; limits follow the package.
import { DEFAULT_MAX_ITERATIONS, type PackageType, userLimitFor } from "../../../shared/constants/packages";
import type { ProjectStatus } from "../../../shared/domain/project-status";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema";
import { recordActivity } from "../activity";
import { enqueueWebhookEvent } from "../webhooks";
import { nextProjectCode } from "./project-code";

type NewProject = {
  ownerId: string;
  packageType: PackageType;
  budgetRange?: string | null;
  timeline?: string | null;
  status?: ProjectStatus;
};

export async function createProject(db: Database, input: NewProject) {
  return db.transaction(async (tx) => {
    const projectCode = await nextProjectCode(tx);
    const [project] = await tx
      .insert(projects)
      .values({
        userId: input.ownerId,
        projectCode,
        packageType: input.packageType,
        budgetRange: input.budgetRange ?? null,
        timeline: input.timeline ?? null,
        status: input.status ?? "requirements",
        userLimit: userLimitFor(input.packageType),
        maxIterations: DEFAULT_MAX_ITERATIONS,
      })
      .returning();
    if (!project) throw new Error("project insert returned nothing");
    await recordActivity(tx, {
      userId: input.ownerId,
      projectId: project.id,
      actorId: input.ownerId,
      type: "project.created",
      title: "Project created",
      description: `${projectCode} was created with the ${input.packageType} package.`,
      notify: true,
    });
    await enqueueWebhookEvent(tx, { type: "project.created", data: { projectId: project.id, packageType: input.packageType } });
    return project;
  });
}
