// Issue 26, item 5: one customer posted 30 messages, 30 feedback items and 30 meeting requests in 12 seconds, all
// 201, queueing 60 emails to the company. Each customer write the company is told about now has a per-user
// allowance: past it, 429 with Retry-After and the message the form shows, nothing stored and no email queued.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "../../../tests/factories";
import { GOOD_FEEDBACK } from "../../../tests/setup/feedback";
import { signNdaFor, submitProfile } from "../../../tests/setup/onboarding";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";
import { communicationReplies, communications, feedback, meetingRequests, outgoingEmails } from "../db/schema";
import { CUSTOMER_WRITE_LIMITS, CUSTOMER_WRITE_MESSAGES } from "./customer-write-limits";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

let n = 0;
async function customerWithProject() {
  const email = `writer${++n}@limits.example`;
  const cookie = await signIn(t.app, email, "Wren Writer");
  await submitProfile(t.app, cookie, { fullName: "Wren Writer", primaryContact: email, company: `Writers ${n}` });
  await signNdaFor(t.app, cookie, email);
  const projectId: string = (await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } })).json()[0].id;
  return { cookie, projectId };
}

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, headers: { cookie, ...json } });

async function rows(table: typeof communications | typeof feedback | typeof meetingRequests | typeof communicationReplies) {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}
async function queued() {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(outgoingEmails);
  return row?.n ?? 0;
}

function expectRefused(res: Awaited<ReturnType<typeof post>>, message: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ code: "RATE_LIMITED", message });
}

describe("per-user allowances on customer writes", () => {
  it("messages and replies together: past the allowance 429, nothing stored, no email queued", async () => {
    const c = await customerWithProject();
    const url = `/api/projects/${c.projectId}/communications`;
    const first = await post(url, c.cookie, { type: "message", subject: "Thread", content: "First." });
    expect(first.statusCode).toBe(201);
    for (let i = 1; i < CUSTOMER_WRITE_LIMITS.messages.max; i++) {
      const res = await post(`${url}/${first.json().id}/replies`, c.cookie, { content: `Reply ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [threads, replies, emails] = [await rows(communications), await rows(communicationReplies), await queued()];
    expectRefused(
      await post(url, c.cookie, { type: "message", subject: "One more", content: "x" }),
      CUSTOMER_WRITE_MESSAGES.messages,
    );
    expectRefused(await post(`${url}/${first.json().id}/replies`, c.cookie, { content: "y" }), CUSTOMER_WRITE_MESSAGES.messages);
    expect([await rows(communications), await rows(communicationReplies), await queued()]).toEqual([threads, replies, emails]);

    // Another customer is not held back, nor is the company answering.
    const other = await customerWithProject();
    expect(
      (
        await post(`/api/projects/${other.projectId}/communications`, other.cookie, {
          type: "message",
          subject: "Hi",
          content: "Hello",
        })
      ).statusCode,
    ).toBe(201);
    expect((await post(`${url}/${first.json().id}/replies`, admin, { content: "The company answers." })).statusCode).toBe(201);
  });

  it("feedback items", async () => {
    const c = await customerWithProject();
    const url = `/api/projects/${c.projectId}/feedback`;
    for (let i = 0; i < CUSTOMER_WRITE_LIMITS.feedback.max; i++) {
      const res = await post(url, c.cookie, { ...GOOD_FEEDBACK, issueFaced: `Issue ${i} on the booking page` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [items, emails] = [await rows(feedback), await queued()];
    expectRefused(await post(url, c.cookie, GOOD_FEEDBACK), CUSTOMER_WRITE_MESSAGES.feedback);
    expect([await rows(feedback), await queued()]).toEqual([items, emails]);
  });

  it("meeting requests", async () => {
    const c = await customerWithProject();
    const url = `/api/projects/${c.projectId}/meeting-requests`;
    const body = { subject: "Call", description: "Talk", preferredDates: "Any", urgency: "low" };
    for (let i = 0; i < CUSTOMER_WRITE_LIMITS.meetingRequests.max; i++) {
      const res = await post(url, c.cookie, { ...body, subject: `Call ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [items, emails] = [await rows(meetingRequests), await queued()];
    expectRefused(await post(url, c.cookie, body), CUSTOMER_WRITE_MESSAGES.meetingRequests);
    expect([await rows(meetingRequests), await queued()]).toEqual([items, emails]);
    expect(await t.app.ctx.db.select({ n: count() }).from(meetingRequests).where(eq(meetingRequests.subject, "Call"))).toEqual([
      { n: 0 },
    ]);
  });
});
