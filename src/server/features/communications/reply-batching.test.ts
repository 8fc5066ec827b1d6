// Issue 26, item 5: every customer post queued its own email to the company (30 posts, 30 emails to each address).
// A customer's replies in one thread now reach the company batched: the first at once, the ones that follow within
// REPLY_BATCH_MINUTES as one email at the end of that time, listing them all.
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { json } from "../../../../tests/factories";
import { signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { startSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { outgoingEmails } from "../../db/schema";

const ADMIN = "admin@blueprint.local";
const smtp = openForFile(() => startSmtpServer());
const t = openForFile(() => createTestApp({ SMTP_URL: smtp.url }));
beforeAll(async () => {
  await signIn(t.app, ADMIN, "Ada Admin");
});

/**
 * The one batched email to the company whose subject holds `subjectPart` waits, due later; its time is brought forward
 * and the worker sends it.
 */
async function sendWaitingBatch(subjectPart: string) {
  const waiting = await t.app.ctx.db
    .select()
    .from(outgoingEmails)
    .where(
      and(
        eq(outgoingEmails.toAddress, ADMIN),
        eq(outgoingEmails.status, "pending"),
        like(outgoingEmails.subject, `%${subjectPart}%`),
      ),
    );
  expect(waiting).toHaveLength(1);
  expect(waiting[0]?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  await t.app.ctx.db
    .update(outgoingEmails)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outgoingEmails.id, waiting[0]?.id ?? ""));
  await t.app.emailWorker.drain();
}

describe("customer replies reach the company batched per thread", () => {
  it("ten replies in a row: one email at once, one collecting the other nine when the batch time is over", async () => {
    const email = "batcher@replies.example";
    const cookie = await signIn(t.app, email, "Bea Batcher");
    await submitProfile(t.app, cookie, { fullName: "Bea Batcher", primaryContact: email });
    await signNdaFor(t.app, cookie, email);
    const projectId = (await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } })).json().items[0].id;
    const thread = await t.app.inject({
      method: "POST",
      url: `/api/projects/${projectId}/communications`,
      payload: { type: "message", subject: "Batched thread", content: "Opening post." },
      headers: { cookie, ...json },
    });
    expect(thread.statusCode).toBe(201);
    for (let i = 1; i <= 10; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/projects/${projectId}/communications/${thread.json().id}/replies`,
        payload: { content: `Reply number ${i}.` },
        headers: { cookie, ...json },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.emailWorker.drain();
    const replyMails = () =>
      smtp.messages.filter((m) => m.to === ADMIN && m.subject.startsWith("Re: ") && m.subject.includes("Batched thread"));
    expect(replyMails()).toHaveLength(1);
    expect(replyMails()[0]?.text).toContain("Reply number 1.");

    // The batch waits, due at the end of the batch time; bring that time forward and let the worker send it.
    await sendWaitingBatch("Batched thread");
    expect(replyMails()).toHaveLength(2);
    const batch = replyMails()[1]?.text ?? "";
    expect(batch).toContain("9 new replies");
    for (let i = 2; i <= 10; i++) expect(batch).toContain(`Reply number ${i}.`);
    expect(batch).not.toContain("Reply number 1.");
  });
});

describe("a customer's new threads reach the company batched per customer", () => {
  it("six threads in two projects: the first at once, one email listing the other five when the batch time is over", async () => {
    const email = "opener@threads.example";
    const cookie = await signIn(t.app, email, "Otto Opener");
    await submitProfile(t.app, cookie, { fullName: "Otto Opener", primaryContact: email, company: "Openers" });
    await signNdaFor(t.app, cookie, email);
    const first = (await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } })).json().items[0];
    const second = await t.app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie, ...json } });
    expect(second.statusCode, second.body).toBe(201);
    const projectsInTurn = [first, second.json(), first, second.json(), first, second.json()];
    for (const [i, project] of projectsInTurn.entries()) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/projects/${project.id}/communications`,
        payload: { type: "message", subject: `Opened topic ${i + 1}`, content: `Body of topic ${i + 1}.` },
        headers: { cookie, ...json },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.emailWorker.drain();
    const toCompany = () => smtp.messages.filter((m) => m.to === ADMIN && /Opened topic|from Otto Opener/.test(m.subject));
    expect(toCompany().map((m) => m.subject)).toEqual([`[${first.projectCode}] Opened topic 1`]);

    await sendWaitingBatch("Otto Opener");
    expect(toCompany()).toHaveLength(2);
    const batch = toCompany()[1];
    expect(batch?.subject).toBe("5 new messages from Otto Opener");
    for (let i = 2; i <= 6; i++) {
      const code = (i % 2 === 0 ? second.json() : first).projectCode;
      expect(batch?.text).toContain(`[${code}] Opened topic ${i}: Body of topic ${i}.`);
    }
    expect(batch?.text).not.toContain("Opened topic 1");

    // Once the batch time has passed, the next thread goes at once again.
    await t.app.ctx.db
      .update(outgoingEmails)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(like(outgoingEmails.collapseKey, "customer-threads:%"));
    const later = await t.app.inject({
      method: "POST",
      url: `/api/projects/${first.id}/communications`,
      payload: { type: "message", subject: "Opened topic 7", content: "Later." },
      headers: { cookie, ...json },
    });
    expect(later.statusCode).toBe(201);
    await t.app.emailWorker.drain();
    expect(toCompany().map((m) => m.subject)).toContain(`[${first.projectCode}] Opened topic 7`);
  });
});
