// Issue 26, item 3: a removed member kept receiving the project. After the owner removes Bob, the company's and the
// owner's later replies in his thread, the answer to his feedback and the scheduled link of his meeting request
// reached him by email, in his bell and in his data export. Now every email, notification and export item goes only
// to people who may see the project when it is made, and the outbox worker checks again when it sends.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, gt, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, openTeam } from "../../../../../tests/factories";
import { GOOD_FEEDBACK } from "../../../../../tests/setup/feedback";
import { signNdaFor, submitProfile } from "../../../../../tests/setup/onboarding";
import { startSmtpServer, type TestSmtpServer } from "../../../../../tests/setup/smtp";
import { createTestApp, signIn, type TestApp } from "../../../../../tests/setup/test-app";
import { activityEvents, outgoingEmails, users } from "../../../db/schema";
import { EMAIL_KINDS } from "../../../email/kinds";

const ADMIN = "admin@blueprint.local";
const BOB = "bob@members.example";
let t: TestApp;
let smtp: TestSmtpServer;
let workDir: string;
let admin: string;
let owner: string;
let bob: string;
let bobId: string;
let projectId: string;

const req = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, ...(payload ? json : {}) }, ...(payload ? { payload } : {}) });

function unzip(body: Buffer) {
  const file = join(workDir, `export-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, body);
  return (name: string) => execFileSync("unzip", ["-p", file, name], { encoding: "utf8" });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  workDir = mkdtempSync(join(tmpdir(), "bp-removed-member-"));
  admin = await signIn(t.app, ADMIN, "Ada Admin");
  owner = await signIn(t.app, "olive@owners.example", "Olive Owner");
  await submitProfile(t.app, owner, { fullName: "Olive Owner", primaryContact: "olive@owners.example" });
  await signNdaFor(t.app, owner, "olive@owners.example");
  projectId = (await req("GET", "/api/projects", owner)).json().items[0].id;
  await openTeam(t.app, projectId);
  bob = await signIn(t.app, BOB, "Bob Member");
  const [row] = await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, BOB));
  bobId = row?.id ?? "";
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function addBob(): Promise<string> {
  const added = await req("POST", `/api/projects/${projectId}/users`, owner, { email: BOB, accessLevel: "admin" });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().id;
}
async function removeBob(memberId: string) {
  const removed = await req("DELETE", `/api/projects/${projectId}/users/${memberId}`, owner);
  expect(removed.statusCode, removed.body).toBe(200);
}

describe("a removed member receives nothing more of the project", () => {
  it("no email, bell notification or export item after removal; his export keeps what he wrote", async () => {
    const memberId = await addBob();
    const thread = await req("POST", `/api/projects/${projectId}/communications`, bob, {
      type: "message",
      subject: "Bob's question",
      content: "Text written by Bob.",
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const feedback = await req("POST", `/api/projects/${projectId}/feedback`, bob, GOOD_FEEDBACK);
    expect(feedback.statusCode, feedback.body).toBe(201);
    const meeting = await req("POST", `/api/projects/${projectId}/meeting-requests`, bob, {
      subject: "Bob's call",
      description: "Let's talk",
      preferredDates: "Any morning",
      urgency: "medium",
    });
    expect(meeting.statusCode, meeting.body).toBe(201);
    await t.app.emailWorker.drain();
    await removeBob(memberId);
    const removedAt = new Date();

    const threadId = thread.json().id;
    for (const [who, text] of [
      [admin, "COMPANY-ANSWER-AFTER-REMOVAL"],
      [owner, "OWNER-ANSWER-AFTER-REMOVAL"],
    ] as const) {
      const replied = await req("POST", `/api/projects/${projectId}/communications/${threadId}/replies`, who, { content: text });
      expect(replied.statusCode, replied.body).toBe(201);
    }
    const reviewed = await req("PATCH", `/api/projects/${projectId}/feedback/${feedback.json().id}`, admin, {
      status: "done",
      adminComment: "FEEDBACK-ANSWER-AFTER-REMOVAL",
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const scheduled = await req("PATCH", `/api/company/meeting-requests/${meeting.json().id}`, admin, {
      status: "scheduled",
      meetingLink: "https://meet.example.com/after-removal",
      scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await t.app.emailWorker.drain();

    // Email: nothing queued or sent to Bob after his removal; the owner still hears of the replies.
    const toBob = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.toAddress, BOB), gt(outgoingEmails.createdAt, removedAt)));
    expect(toBob.map((m) => m.subject)).toEqual([]);
    expect(
      smtp.messages.filter(
        (m) => m.to === BOB && /after-removal|Feedback addressed|Meeting scheduled|Re:/i.test(`${m.subject} ${m.text}`),
      ),
    ).toEqual([]);
    // Bell and timeline: nothing about the project after the removal.
    const bell = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, bobId), gt(activityEvents.createdAt, removedAt)));
    expect(bell.map((e) => e.title)).toEqual([]);

    // His export: what he wrote, without what others answered after he lost access.
    const exported = await req("GET", "/api/me/export", bob);
    expect(exported.statusCode).toBe(200);
    const read = unzip(exported.rawPayload);
    const messages = read("messages.json");
    expect(messages).toContain("Text written by Bob.");
    expect(messages).not.toContain("AFTER-REMOVAL");
    const feedbackJson = read("feedback.json");
    expect(feedbackJson).toContain(GOOD_FEEDBACK.issueFaced);
    expect(feedbackJson).not.toContain("FEEDBACK-ANSWER-AFTER-REMOVAL");
    const meetings = read("meeting-requests.json");
    expect(meetings).toContain("Bob's call");
    expect(meetings).not.toContain("after-removal");
  });

  it("an email queued while he was a member is withdrawn by the worker when he is removed before it is sent", async () => {
    const memberId = await addBob();
    await t.app.ctx.email.enqueue({
      kind: "communication-reply",
      to: BOB,
      projectId,
      data: {
        ...EMAIL_KINDS["communication-reply"].template.example,
        thread: { id: projectId, subject: "QUEUED-BEFORE-REMOVAL", type: "message" },
      },
      deferred: { until: new Date(Date.now() + 3_600_000), key: `test-${memberId}`, from: "x" },
    });
    await removeBob(memberId);
    await t.app.ctx.db
      .update(outgoingEmails)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(like(outgoingEmails.subject, "%QUEUED-BEFORE-REMOVAL%"));
    await t.app.emailWorker.drain();
    const [row] = await t.app.ctx.db.select().from(outgoingEmails).where(like(outgoingEmails.subject, "%QUEUED-BEFORE-REMOVAL%"));
    expect(row?.status).toBe("withdrawn");
    expect(smtp.messages.some((m) => m.subject?.includes("QUEUED-BEFORE-REMOVAL"))).toBe(false);
  });

  it("a customer's export names the company's people as the portal does, never by their personal address", async () => {
    const thread = await req("POST", `/api/projects/${projectId}/communications`, owner, {
      type: "message",
      subject: "Owner's question",
      content: "Text by Olive.",
    });
    const replied = await req("POST", `/api/projects/${projectId}/communications/${thread.json().id}/replies`, admin, {
      content: "An answer from the company.",
    });
    expect(replied.statusCode).toBe(201);
    const read = unzip((await req("GET", "/api/me/export", owner)).rawPayload);
    const messages = read("messages.json");
    expect(messages).toContain("An answer from the company.");
    expect(messages).toContain('"authorName": "Ada Admin"');
    const everything = ["messages.json", "feedback.json", "meeting-requests.json", "activity.json", "projects.json"]
      .map(read)
      .join("\n");
    expect(everything).not.toContain(ADMIN);
    const ids = await t.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [ADMIN]));
    expect(ids).toHaveLength(1);
  });
});
