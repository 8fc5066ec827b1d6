// New feedback ends with the project: a completed project takes none from anyone (its hand-over package is made of
// what was sent until the approval), and once access has expired the customer's team may send none (the company,
// which extends the date, still may). Refused with 409 and the reason, nothing stored, screenshot included.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, json, newProject, openTeam } from "../../../../tests/factories";
import { GOOD_FEEDBACK, postFeedback } from "../../../../tests/setup/feedback";
import { pngOfSize } from "../../../../tests/setup/images";
import { pngDataUrl } from "../../../../tests/setup/png";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { FEEDBACK_CLOSED_MESSAGES } from "../../../shared/domain/feedback-open";
import { feedback, fileAttachments, projects } from "../../db/schema";

let t: TestApp;
let company: string;
beforeAll(async () => {
  t = await createTestApp();
  company = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

async function projectInTesting(email: string) {
  const owner = await customer(t.app, email, "Olive Owner");
  const { id } = await newProject(t.app, owner);
  await openTeam(t.app, id);
  const memberEmail = `admin-of-${email}`;
  const added = await t.app.inject({
    method: "POST",
    url: `/api/projects/${id}/users`,
    payload: { email: memberEmail, accessLevel: "admin" },
    headers: { cookie: owner.cookie, ...json },
  });
  expect(added.statusCode).toBe(201);
  return { projectId: id, owner: owner.cookie, member: await signIn(t.app, memberEmail) };
}

const stored = async (projectId: string) => ({
  items: (await t.app.ctx.db.select({ n: count() }).from(feedback).where(eq(feedback.projectId, projectId)))[0]?.n,
  screenshots: (
    await t.app.ctx.db
      .select({ n: count() })
      .from(fileAttachments)
      .where(and(eq(fileAttachments.projectId, projectId), eq(fileAttachments.kind, "feedback_screenshot")))
  )[0]?.n,
});
const withScreenshot = { ...GOOD_FEEDBACK, screenshotUrl: pngDataUrl(pngOfSize(4096)) };

describe("feedback on a project that has ended", () => {
  it("refuses new feedback on a completed project with 409, from the owner, a member and the company, storing nothing", async () => {
    const { projectId, owner, member } = await projectInTesting("closed-done@example.com");
    expect((await postFeedback(t.app, projectId, owner, withScreenshot)).statusCode).toBe(201);
    await t.app.ctx.db.update(projects).set({ status: "completed" }).where(eq(projects.id, projectId));
    const before = await stored(projectId);

    for (const cookie of [owner, member, company]) {
      const res = await postFeedback(t.app, projectId, cookie, { ...withScreenshot, screenshotUrl: pngDataUrl(pngOfSize(5000)) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "CONFLICT", message: FEEDBACK_CLOSED_MESSAGES.completed });
    }
    expect(await stored(projectId)).toEqual(before);
  });

  it("refuses the customer's team once access has expired (409), and still takes the company's", async () => {
    const { projectId, owner, member } = await projectInTesting("closed-expired@example.com");
    await t.app.ctx.db
      .update(projects)
      .set({ customerAccessExpiryDate: new Date(Date.now() - DAY) })
      .where(eq(projects.id, projectId));
    const before = await stored(projectId);

    for (const cookie of [owner, member]) {
      const res = await postFeedback(t.app, projectId, cookie, withScreenshot);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "CONFLICT", message: FEEDBACK_CLOSED_MESSAGES.expired });
    }
    expect(await stored(projectId)).toEqual(before);
    expect((await postFeedback(t.app, projectId, company)).statusCode).toBe(201);
  });

  it("still takes feedback while the project is in testing and its access runs", async () => {
    const { projectId, owner, member } = await projectInTesting("closed-open@example.com");
    await t.app.ctx.db
      .update(projects)
      .set({ customerAccessExpiryDate: new Date(Date.now() + 30 * DAY) })
      .where(eq(projects.id, projectId));
    expect((await postFeedback(t.app, projectId, owner)).statusCode).toBe(201);
    expect((await postFeedback(t.app, projectId, member)).statusCode).toBe(201);
  });
});
