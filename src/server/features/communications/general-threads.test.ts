// General support threads (issue 31): a customer writes to the company before any project exists (or beside their
// projects) through /api/projects/general/communications; only that customer and the company read the thread, the
// company answers it from the inbox, and the thread goes with the customer's account.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject, openTeam } from "../../../../tests/factories";
import { signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { queuedEmails } from "../../../../tests/setup/outbox";
import { createTestApp, latestCodeFor, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { COMMUNICATION_MESSAGES, GENERAL_SUPPORT } from "../../../shared/schemas/communications";
import { communicationReplies, communications, profiles } from "../../db/schema";
import type { EmailKind } from "../../email/kinds";

let t: TestApp;
let admin: string;
let workDir: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  workDir = mkdtempSync(join(tmpdir(), "bp-general-"));
});
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

const base = "/api/projects/general/communications";
const post = (cookie: string | undefined, payload: object, url = base) =>
  t.app.inject({ method: "POST", url, payload, headers: { ...(cookie ? { cookie } : {}), ...json } });
const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const message = (subject: string, content = "Hello from a brand-new customer.") => ({ type: "message", subject, content });

const emailsTo = (address: string, kind: EmailKind) => queuedEmails(t.app.ctx.db, address, kind);

describe("a brand-new customer's general support thread", () => {
  let nova: Customer;
  let threadId: string;

  beforeAll(async () => {
    // Signed in only: no profile, no NDA, so no project (the NDA-first rule).
    nova = await customer(t.app, "nova-new@example.com", "Nova Newcomer");
    expect((await get("/api/projects", nova.cookie)).json().items).toEqual([]);
  });

  it("starts with no threads, then sends a message the company is emailed about", async () => {
    const empty = await get(base, nova.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ items: [], total: 0 });

    const res = await post(nova.cookie, message("How do I get started?"));
    expect(res.statusCode, res.body).toBe(201);
    const thread = res.json();
    threadId = thread.id;
    expect(thread).toMatchObject({ projectId: null, subject: "How do I get started?", mine: true, fromCompany: false });

    const [mail] = await emailsTo("admin@blueprint.local", "communication-message");
    expect(mail?.subject).toBe(`[${GENERAL_SUPPORT.label}] How do I get started?`);
    expect(mail?.projectId).toBeNull();
    expect(mail?.textBody).toContain("Nova Newcomer wrote in General support");
    expect(mail?.textBody).toContain(`http://localhost:3000/admin?tab=inbox&thread=${threadId}`);

    const listed = (await get(base, nova.cookie)).json().items;
    expect(listed.map((item: { id: string }) => item.id)).toEqual([threadId]);
  });

  it("the company sees it in the inbox as General support with the customer's name and email, and answers it", async () => {
    const inbox = (await get("/api/company/communications?projectId=general", admin)).json();
    const item = inbox.items.find((entry: { id: string }) => entry.id === threadId);
    expect(item).toMatchObject({
      project: null,
      customer: { id: nova.userId, email: nova.email },
      companyUnread: true,
      waitingForUs: true,
      overdue: false,
    });
    expect(inbox.items.every((entry: { project: unknown }) => entry.project === null)).toBe(true);
    // In the whole inbox too, counted as waiting.
    const all = (await get("/api/company/communications", admin)).json();
    expect(all.items.some((entry: { id: string }) => entry.id === threadId)).toBe(true);
    expect(all.waitingThreads).toBeGreaterThanOrEqual(1);

    const opened = await get(`/api/company/communications/${threadId}`, admin);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().customer.email).toBe(nova.email);

    const answered = await post(admin, { content: "Welcome! Start with your company profile." }, `${base}/${threadId}/replies`);
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().replies.at(-1)).toMatchObject({
      fromCompany: true,
      content: "Welcome! Start with your company profile.",
    });
    const after = (await get(`/api/company/communications/${threadId}`, admin)).json();
    expect(after).toMatchObject({ waitingForUs: false, overdue: false });

    const [mail] = await emailsTo(nova.email, "communication-reply");
    expect(mail?.subject).toBe(`Re: [${GENERAL_SUPPORT.label}] How do I get started?`);
    expect(mail?.textBody).toContain(`http://localhost:3000/communications?thread=${threadId}&scope=general`);
    const bell = (await get("/api/notifications", nova.cookie)).json();
    expect(bell.items[0]).toMatchObject({ type: "communication.reply", title: 'New reply on "How do I get started?"' });
  });

  it("the customer reads the answer (unread until opened), replies, and pages the replies", async () => {
    const [thread] = (await get(base, nova.cookie)).json().items;
    expect(thread.unreadCount).toBe(1);
    expect((await post(nova.cookie, {}, `${base}/${threadId}/read`)).statusCode).toBe(200);
    expect((await get(base, nova.cookie)).json().items[0].unreadCount).toBe(0);

    const replied = await post(nova.cookie, { content: "Thanks, done." }, `${base}/${threadId}/replies`);
    expect(replied.statusCode).toBe(201);
    const page = (await get(`${base}/${threadId}/replies?page=1&pageSize=10`, nova.cookie)).json();
    expect(page.total).toBe(2);
    expect(page.items.map((r: { content: string }) => r.content)).toEqual([
      "Thanks, done.",
      "Welcome! Start with your company profile.",
    ]);
    expect((await get(`/api/company/communications/${threadId}`, admin)).json()).toMatchObject({ waitingForUs: true });
  });

  it("nobody else reaches it: another customer, a member of the customer's project, visitors", async () => {
    const stranger = await customer(t.app, "nosy-stranger@example.com");
    expect((await get(base, stranger.cookie)).json().items).toEqual([]);
    expect((await get(`${base}/${threadId}/replies`, stranger.cookie)).statusCode).toBe(404);
    const intruding = await post(stranger.cookie, { content: "Let me in" }, `${base}/${threadId}/replies`);
    expect(intruding.statusCode).toBe(404);
    expect(intruding.json()).toMatchObject({ code: "NOT_FOUND", message: COMMUNICATION_MESSAGES.notFound });
    expect((await post(stranger.cookie, {}, `${base}/${threadId}/read`)).statusCode).toBe(404);

    // Nova opens a project and invites a member: the member sees the project's threads, never Nova's general ones.
    await submitProfile(t.app, nova.cookie, { fullName: "Nova Newcomer", primaryContact: nova.email, company: "Nova Ltd" });
    await signNdaFor(t.app, nova.cookie, nova.email);
    const [project] = (await get("/api/projects", nova.cookie)).json().items;
    await openTeam(t.app, project.id);
    const member = await customer(t.app, "nova-member@example.com", "Milo Member");
    const invited = await post(nova.cookie, { email: member.email, accessLevel: "admin" }, `/api/projects/${project.id}/users`);
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await get(base, member.cookie)).json().items).toEqual([]);
    expect((await get(`${base}/${threadId}/replies`, member.cookie)).statusCode).toBe(404);
    expect((await post(member.cookie, { content: "Hi" }, `${base}/${threadId}/replies`)).statusCode).toBe(404);
    // Nor does a project's path reach it: the thread is in no project.
    expect((await get(`/api/projects/${project.id}/communications/${threadId}/replies`, member.cookie)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}/communications/${threadId}/replies`, nova.cookie)).statusCode).toBe(404);

    // With a project, Nova still reaches General support, and the project's threads stay apart from it.
    expect((await get(base, nova.cookie)).json().items.map((item: { id: string }) => item.id)).toEqual([threadId]);
    expect((await get(`/api/projects/${project.id}/communications`, nova.cookie)).json().items).toEqual([]);

    const visitor = await get(base);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("the company answers general threads but does not start one; a malformed scope is 404", async () => {
    const res = await post(admin, message("From us"));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "FORBIDDEN" });
    expect((await get("/api/projects/generally/communications", nova.cookie)).statusCode).toBe(404);
  });
});

describe("account deletion and export", () => {
  it("the export carries the customer's general threads with the company's answers", async () => {
    const ezra = await customer(t.app, "ezra-export@example.com", "Ezra Export");
    const started = (await post(ezra.cookie, message("Export me"))).json();
    await post(admin, { content: "Our answer" }, `${base}/${started.id}/replies`);
    const res = await get("/api/me/export", ezra.cookie);
    expect(res.statusCode).toBe(200);
    const file = join(workDir, "export.zip");
    writeFileSync(file, res.rawPayload);
    const messages = JSON.parse(execFileSync("unzip", ["-p", file, "messages.json"], { encoding: "utf8" }));
    const thread = messages.threads.find((item: { id: string }) => item.id === started.id);
    expect(thread).toMatchObject({ subject: "Export me", projectId: null, customerId: ezra.userId });
    expect(thread.noLongerVisible).toBeUndefined();
    expect(thread.replies.map((r: { content: string }) => r.content)).toEqual(["Our answer"]);
  });

  async function deleteAccount(who: Customer) {
    expect((await post(who.cookie, {}, "/api/me/deletion-code")).statusCode).toBe(200);
    const code = await latestCodeFor(t.app, who.email);
    const res = await post(who.cookie, { code, confirm: "DELETE" }, "/api/me/delete");
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("deleting an account with nothing to keep removes its general threads and their replies", async () => {
    const dana = await customer(t.app, "dana-delete@example.com", "Dana Delete");
    const thread = (await post(dana.cookie, message("Delete me later"))).json();
    await post(admin, { content: "Noted" }, `${base}/${thread.id}/replies`);
    await deleteAccount(dana);
    const db = t.app.ctx.db;
    expect(await db.select().from(communications).where(eq(communications.id, thread.id))).toEqual([]);
    expect(await db.select().from(communicationReplies).where(eq(communicationReplies.communicationId, thread.id))).toEqual([]);
    expect((await get(`/api/company/communications/${thread.id}`, admin)).statusCode).toBe(404);
  });

  it("deleting an account kept for its signed NDA still removes its general threads", async () => {
    const kim = await customer(t.app, "kim-kept@example.com", "Kim Kept");
    const thread = (await post(kim.cookie, message("Before my NDA"))).json();
    await submitProfile(t.app, kim.cookie, { fullName: "Kim Kept", primaryContact: kim.email, company: "Kept Co" });
    await signNdaFor(t.app, kim.cookie, kim.email);
    const outcome = await deleteAccount(kim);
    expect(outcome.keptNda).toBe(true);
    const db = t.app.ctx.db;
    expect(await db.select().from(profiles).where(eq(profiles.userId, kim.userId))).toHaveLength(1);
    expect(await db.select().from(communications).where(eq(communications.id, thread.id))).toEqual([]);
    expect(await db.select().from(communications).where(eq(communications.customerId, kim.userId))).toEqual([]);
  });
});

describe("the schema", () => {
  it("refuses a thread with both a project and a customer, or with neither", async () => {
    const owner = await customer(t.app, "schema-owner@example.com");
    const project = await newProject(t.app, owner);
    const row = { type: "message" as const, subject: "x", content: "y" };
    await expect(
      t.app.ctx.db.insert(communications).values({ ...row, projectId: project.id, customerId: owner.userId }),
    ).rejects.toThrow();
    await expect(t.app.ctx.db.insert(communications).values(row)).rejects.toThrow();
  });
});
