// A project the customer can approve: in development with a confirmed brief, and version 1 published by the company.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { requirements } from "../../src/server/db/schema";
import { createProjectWithStatus, json } from "../factories";

export async function projectReadyToApprove(
  app: FastifyInstance,
  options: { ownerId: string; adminCookie: string; projectName: string },
): Promise<{ id: string; projectCode: string }> {
  const project = await createProjectWithStatus(app.ctx.db, { ownerId: options.ownerId, status: "development" });
  await app.ctx.db.insert(requirements).values({
    projectId: project.id,
    projectName: options.projectName,
    generatedBrief: `# ${options.projectName}`,
    briefConfirmed: true,
    briefConfirmedAt: new Date(),
  });
  const published = await app.inject({
    method: "POST",
    url: `/api/company/projects/${project.id}/versions`,
    payload: { url: "https://proto.example.com/v1", releaseNotes: "Version 1." },
    headers: { cookie: options.adminCookie, ...json },
  });
  expect(published.statusCode).toBe(201);
  return project;
}
