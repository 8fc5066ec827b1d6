// The status email is sent once per settled change: corrections within the window collapse into one email about the
// final status, a change and its undo send nothing, and a change after the window is a new email.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, newProject, signedInUser } from "../../../../tests/factories";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app";
import { outgoingEmails } from "../../db/schema";
import { STATUS_EMAIL_KIND, STATUS_EMAIL_SETTLE_MS } from "./status-email";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signedInUser(t.app, { email: "admin@blueprint.local", name: "Site Admin", role: "company" })).cookie;
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function customerProject() {
  const who = await signedInUser(t.app, { email: `status-email-${++counter}@example.com`, name: "Casey Client" });
  await createCompletedProfile(t.app.ctx.db, { userId: who.userId, fullName: "Casey Client" });
  const project = await newProject(t.app, who);
  return { email: who.email, project };
}

async function setStatus(projectId: string, status: string) {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/company/projects/${projectId}`,
    headers: { cookie: adminCookie },
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string };
}

const statusEmailsTo = (email: string) =>
  t.app.ctx.db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, email), eq(outgoingEmails.kind, STATUS_EMAIL_KIND)))
    .orderBy(outgoingEmails.createdAt);

/** What the settle window's passing does: the waiting email becomes due (the worker may then send it). */
const letTheWindowPass = (email: string) =>
  t.app.ctx.db
    .update(outgoingEmails)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(outgoingEmails.toAddress, email), eq(outgoingEmails.kind, STATUS_EMAIL_KIND)));

describe("status-change emails", () => {
  it("three quick changes send one email, about the last status, after the settle window", async () => {
    const { email, project } = await customerProject();
    const start = Date.now();
    await setStatus(project.id, "requirements");
    await setStatus(project.id, "development");
    const last = await setStatus(project.id, "testing");
    expect(last.status).toBe("testing");

    const mails = await statusEmailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toContain("Testing phase");
    expect(mail?.textBody).toContain('to "Testing phase"');
    expect(mail?.textBody).not.toContain("Development in progress");
    expect(mail?.status).toBe("pending");
    // It waits the window from the last change, so a further correction can still replace it.
    const due = mail?.nextAttemptAt.getTime() ?? 0;
    expect(due).toBeGreaterThanOrEqual(start + STATUS_EMAIL_SETTLE_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + STATUS_EMAIL_SETTLE_MS + 1000);
    expect(mail?.listUnsubscribe).toMatch(/unsubscribe/);
  });

  it("a change and its undo send nothing", async () => {
    const { email, project } = await customerProject();
    const before = (await setStatus(project.id, "requirements")).status;
    await letTheWindowPass(email);
    await t.app.ctx.db.delete(outgoingEmails).where(eq(outgoingEmails.toAddress, email));

    await setStatus(project.id, "development");
    expect(await statusEmailsTo(email)).toHaveLength(1);
    await setStatus(project.id, before);
    expect(await statusEmailsTo(email)).toEqual([]);

    // A fresh change after the undo is told again, from where it started.
    await setStatus(project.id, "testing");
    const [mail] = await statusEmailsTo(email);
    expect(mail?.textBody).toContain('from "Gathering requirements" to "Testing phase"');
  });

  it("a change after the window is its own email", async () => {
    const { email, project } = await customerProject();
    await setStatus(project.id, "development");
    await letTheWindowPass(email);
    await setStatus(project.id, "testing");

    const mails = await statusEmailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toContain("Development in progress");
    expect(mails[1]?.subject).toContain("Testing phase");
    expect(mails[1]?.textBody).toContain('from "Development in progress" to "Testing phase"');
    expect(mails[1]?.status).toBe("pending");
  });

  it("an edit that leaves the status alone touches no waiting email", async () => {
    const { email, project } = await customerProject();
    await setStatus(project.id, "development");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/company/projects/${project.id}`,
      headers: { cookie: adminCookie },
      payload: { projectName: "Booking app", status: "development" },
    });
    expect(res.statusCode).toBe(200);
    const mails = await statusEmailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Development in progress");
  });
});
