// A project's team for API tests: members invited through the real route, as the owner does on the Team page.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { MemberAccessLevel } from "../../src/shared/domain/project-access";
import { json } from "../factories";

/** POST /api/projects/:id/users as `ownerCookie` for each [email, access level]; each invitation must answer 201. */
export async function inviteMembers(
  app: FastifyInstance,
  project: { projectId: string; ownerCookie: string },
  members: ReadonlyArray<readonly [email: string, accessLevel: MemberAccessLevel]>,
): Promise<void> {
  for (const [email, accessLevel] of members) {
    const res = await app.inject({
      method: "POST",
      url: `/api/projects/${project.projectId}/users`,
      payload: { email, accessLevel },
      headers: { cookie: project.ownerCookie, ...json },
    });
    expect(res.statusCode).toBe(201);
  }
}
