// Allowances that must not reset with a new project: invitation emails per inviting user (and per owner) across all
// their projects, and new projects per customer. Beyond them: 429 with Retry-After, the JSON error shape, nothing
// stored and no email queued.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_PROJECT_LIMIT } from "../../src/server/features/projects/create-customer-project";
import { INVITATION_LIMITS } from "../../src/server/features/projects/team/add-member";
import { customer, json, newProject, openTeam } from "../factories";
import { expectAppUnchanged } from "../setup/db-state";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectTooMany(res: LightMyRequestResponse, message: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(message) });
}

describe("invitation emails", () => {
  it("are limited per inviting user over all their projects, not per project (the reported attack)", async () => {
    const owner = await customer(t.app, "inviter@limits.example", "Ivy Inviter");
    const projects = [await newProject(t.app, owner), await newProject(t.app, owner), await newProject(t.app, owner)];
    for (const project of projects) await openTeam(t.app, project.id);
    const invite = (projectId: string, n: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/projects/${projectId}/users`,
        payload: { email: `guest-${n}@elsewhere.example`, accessLevel: "view_only" },
        headers: { cookie: owner.cookie, ...json },
      });
    // Add and remove again, spread over the projects so that no per-project allowance is reached.
    let sent = 0;
    for (let n = 0; sent < INVITATION_LIMITS.perInviter.max; n++) {
      const project = projects[n % projects.length]?.id ?? "";
      const added = await invite(project, n);
      expect(added.statusCode, added.body).toBe(201);
      sent++;
      const removed = await t.app.inject({
        method: "DELETE",
        url: `/api/projects/${project}/users/${added.json().id}`,
        headers: { cookie: owner.cookie },
      });
      expect(removed.statusCode).toBeLessThan(300);
    }
    const fresh = await newProject(t.app, owner);
    await openTeam(t.app, fresh.id);
    const refused = await expectAppUnchanged(t.app, () => invite(fresh.id, 999));
    expectTooMany(refused, /invitations/);
  });
});

describe("new projects", () => {
  it(`are at most ${NEW_PROJECT_LIMIT.max} a day per customer`, async () => {
    const maker = await customer(t.app, "maker@limits.example", "Max Maker");
    for (let i = 0; i < NEW_PROJECT_LIMIT.max; i++) await newProject(t.app, maker);
    const refused = await expectAppUnchanged(t.app, () =>
      t.app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: maker.cookie, ...json } }),
    );
    expectTooMany(refused, /projects a day/);
    // Another customer is not held back.
    const other = await customer(t.app, "other-maker@limits.example", "Olly Other");
    expect((await newProject(t.app, other)).id).toBeTruthy();
  });
});
