// The customer's own data through the real app: the ZIP export read with unzip, account deletion confirmed by an
// emailed code, leaving a project, and notification choices (digest, one-click unsubscribe, security emails).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectWithStatus, customer, json, newProject, openTeam } from "../../../../tests/factories";
import { GOOD_FEEDBACK } from "../../../../tests/setup/feedback";
import { pngOfSize } from "../../../../tests/setup/images";
import { ALL_EMAIL } from "../../../../tests/setup/notification-preferences";
import { signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { pngDataUrl } from "../../../../tests/setup/png";
import { type CapturedMail, startSmtpServer, type TestSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, latestCodeFor, signIn, type TestApp } from "../../../../tests/setup/test-app";
import {
  adminAuditLog,
  communications,
  fileAttachments,
  issuedDocuments,
  meetingRequests,
  ndaSignatures,
  notificationDigestItems,
  outgoingEmails,
  profiles,
  projectMembers,
  projects,
  requirements,
  sessions,
  users,
} from "../../db/schema";
import { DIGEST_JOB, sendDigests } from "../../email/digest";
import { unsubscribeUrl } from "../../email/unsubscribe";
import { runTickOnce } from "../../jobs/scheduled-job";

const ADMIN = "admin@blueprint.local";
let t: TestApp;
let smtp: TestSmtpServer;
let admin: string;
let workDir: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signIn(t.app, ADMIN, "Site Admin");
  workDir = mkdtempSync(join(tmpdir(), "bp-export-"));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(workDir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload: object = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: { ...(cookie ? { cookie } : {}), ...json } });

let zips = 0;
/** Saves the answer as a file and reads it with the unzip command: the listing, and a way to read one entry. */
function unzipped(body: Buffer) {
  const file = join(workDir, `export-${++zips}.zip`);
  writeFileSync(file, body);
  const tested = execFileSync("unzip", ["-t", file], { encoding: "utf8" });
  expect(tested).toContain("No errors detected");
  const listing = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter(Boolean);
  return {
    names: listing,
    text: (name: string) => execFileSync("unzip", ["-p", file, name], { encoding: "utf8" }),
    bytes: (name: string) => execFileSync("unzip", ["-p", file, name]),
  };
}

/** A header as it came over SMTP (mailparser folds the List-* headers into one parsed object). */
function headerLine(mail: CapturedMail, key: string): string | undefined {
  return mail.raw.headerLines.find((line) => line.key === key)?.line;
}

function multipartPdf(filename: string) {
  const boundary = `----bp${Math.random().toString(16).slice(2)}`;
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: admin },
  };
}

async function uploadInvoice(projectId: string, filename: string) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/company/projects/${projectId}/invoices/advance`,
    ...multipartPdf(filename),
  });
  expect(res.statusCode).toBe(200);
}

/** A customer with a signed NDA and a project holding a confirmed brief, feedback with a screenshot, a message,
 * a meeting request and an invoice. */
async function fullCustomer(email: string) {
  const who = await customer(t.app, email, "Ada Lovelace");
  await submitProfile(t.app, who.cookie);
  await signNdaFor(t.app, who.cookie, email);
  const project = await newProject(t.app, who);
  await t.app.ctx.db.insert(requirements).values({
    projectId: project.id,
    projectName: "Analytical Engine",
    problemStatement: "Bernoulli numbers take too long by hand.",
    generatedBrief: "# Analytical Engine\n\nA machine that computes Bernoulli numbers.",
    briefConfirmed: true,
    briefConfirmedAt: new Date(),
  });
  const feedbackRes = await post(`/api/projects/${project.id}/feedback`, who.cookie, {
    ...GOOD_FEEDBACK,
    screenshotUrl: pngDataUrl(pngOfSize(2048)),
  });
  expect(feedbackRes.statusCode).toBe(201);
  await t.app.ctx.db.insert(communications).values({
    projectId: project.id,
    authorId: who.userId,
    type: "message",
    subject: "Punched cards",
    content: "Can the engine read punched cards?",
  });
  await t.app.ctx.db
    .insert(meetingRequests)
    .values({ projectId: project.id, requestedBy: who.userId, subject: "Kick-off call", urgency: "high" });
  await uploadInvoice(project.id, "INV-1843.pdf");
  return { ...who, project };
}

describe("GET /api/me/export", () => {
  it("streams a ZIP with the profile, projects, answers, brief, feedback, messages, meetings and activity as JSON, and the documents as files", async () => {
    const ada = await fullCustomer("export-full@example.com");
    const stranger = await customer(t.app, "export-stranger@example.com");
    const theirs = await newProject(t.app, stranger);

    const res = await get("/api/me/export", ada.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="blueprint-data-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers["cache-control"]).toBe("no-store");
    // Streamed: no length known up front.
    expect(res.headers["content-length"]).toBeUndefined();

    const zip = unzipped(res.rawPayload);
    const code = ada.project.projectCode;
    expect(zip.names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "profile.json",
        "projects.json",
        "answers.json",
        "briefs.json",
        "feedback.json",
        "messages.json",
        "meeting-requests.json",
        "activity.json",
        "documents/NDA-Ada-Lovelace.pdf",
        `documents/${code}-brief.pdf`,
        `documents/${code}/invoice-INV-1843.pdf`,
      ]),
    );
    const profile = JSON.parse(zip.text("profile.json"));
    expect(profile.account).toMatchObject({ id: ada.userId, email: "export-full@example.com" });
    expect(profile.profile).toMatchObject({ ndaSigned: true, userId: ada.userId });
    expect(profile.notificationPreferences).toEqual(ALL_EMAIL);

    const projectsJson = JSON.parse(zip.text("projects.json"));
    expect(projectsJson.owned.map((p: { projectCode: string }) => p.projectCode)).toContain(code);
    expect(zip.text("projects.json")).not.toContain(theirs.projectCode);
    expect(JSON.parse(zip.text("answers.json"))).toContainEqual(
      expect.objectContaining({ projectCode: code, problemStatement: "Bernoulli numbers take too long by hand." }),
    );
    expect(JSON.parse(zip.text("briefs.json"))[0]).toMatchObject({ projectCode: code, confirmed: true });
    expect(JSON.parse(zip.text("messages.json")).threads[0]).toMatchObject({ subject: "Punched cards", replies: [] });
    expect(JSON.parse(zip.text("meeting-requests.json"))[0]).toMatchObject({ subject: "Kick-off call" });
    expect(JSON.parse(zip.text("activity.json")).length).toBeGreaterThan(0);

    const [feedbackItem] = JSON.parse(zip.text("feedback.json"));
    expect(feedbackItem).toMatchObject({ issueFaced: GOOD_FEEDBACK.issueFaced });
    const screenshot = zip.names.find((name) => name.startsWith(`feedback/${feedbackItem.id}-screenshot`));
    expect(screenshot).toBeDefined();
    expect(
      zip
        .bytes(screenshot ?? "")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");

    for (const pdf of ["documents/NDA-Ada-Lovelace.pdf", `documents/${code}-brief.pdf`]) {
      expect(zip.bytes(pdf).subarray(0, 5).toString(), pdf).toBe("%PDF-");
    }
    // The exported NDA is an issued document: /verify recognises its bytes.
    const ndaSha = createHash("sha256").update(zip.bytes("documents/NDA-Ada-Lovelace.pdf")).digest("hex");
    expect(await t.app.ctx.db.select().from(issuedDocuments).where(eq(issuedDocuments.sha256, ndaSha))).toHaveLength(1);
  });

  it("exports an account with nothing in it: the JSON files, empty, and no documents", async () => {
    const nobody = await customer(t.app, "export-empty@example.com", "Nora Nobody");
    const res = await get("/api/me/export", nobody.cookie);
    expect(res.statusCode).toBe(200);
    const zip = unzipped(res.rawPayload);
    expect(zip.names.filter((name) => name.startsWith("documents/") || name.startsWith("feedback/"))).toEqual([]);
    expect(JSON.parse(zip.text("profile.json"))).toMatchObject({ account: { email: "export-empty@example.com" }, profile: null });
    expect(JSON.parse(zip.text("projects.json"))).toEqual({ owned: [], sharedWithYou: [] });
    for (const name of ["answers.json", "briefs.json", "feedback.json", "meeting-requests.json"]) {
      expect(JSON.parse(zip.text(name)), name).toEqual([]);
    }
    expect(JSON.parse(zip.text("messages.json"))).toEqual({ threads: [], yourRepliesElsewhere: [] });
  });

  it("needs a session, and is throttled to 3 an hour with 429 and Retry-After", async () => {
    const anonymous = await get("/api/me/export");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: "UNAUTHENTICATED" });

    const busy = await customer(t.app, "export-busy@example.com");
    for (let n = 0; n < 3; n++) expect((await get("/api/me/export", busy.cookie)).statusCode).toBe(200);
    const refused = await get("/api/me/export", busy.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("deleting an account", () => {
  it("refuses a wrong code with a clear error and deletes nothing; the session goes on", async () => {
    const kim = await customer(t.app, "delete-wrong@example.com");
    await newProject(t.app, kim);
    expect((await post("/api/me/deletion-code", kim.cookie)).statusCode).toBe(200);
    const right = await latestCodeFor(t.app, kim.email);
    const wrong = right === "111111" ? "222222" : "111111";
    const res = await post("/api/me/delete", kim.cookie, { code: wrong, confirm: "DELETE" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "CODE_WRONG", message: "Invalid code. Please check it and try again." });
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, kim.userId))).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(projects).where(eq(projects.userId, kim.userId))).toHaveLength(1);
    expect((await get("/api/auth/user", kim.cookie)).statusCode).toBe(200);
  });

  it("needs the code requested first, DELETE typed out, and a customer account", async () => {
    const lee = await customer(t.app, "delete-rules@example.com");
    const noCode = await post("/api/me/delete", lee.cookie, { code: "123456", confirm: "DELETE" });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: "CODE_MISSING" });
    const noConfirm = await post("/api/me/delete", lee.cookie, { code: "123456", confirm: "delete" });
    expect(noConfirm.statusCode).toBe(400);
    expect(noConfirm.json().fields).toMatchObject({ confirm: 'Type "DELETE" to confirm' });
    expect((await post("/api/me/deletion-code", admin)).statusCode).toBe(403);
    expect((await post("/api/me/delete", undefined, { code: "123456", confirm: "DELETE" })).statusCode).toBe(401);
  });

  it("erases an account with nothing to keep: the user, profile, projects and memberships go, every session ends, and the admin sees it in the audit log", async () => {
    const sam = await customer(t.app, "delete-all@example.com", "Sam Gone");
    const secondBrowser = await signIn(t.app, "delete-all@example.com", "Sam Gone");
    await submitProfile(t.app, sam.cookie);
    // Nothing to keep: no signed NDA (a project left from before the NDA-first rule, made straight in the database).
    const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: sam.userId, status: "requirements" });
    const host = await customer(t.app, "delete-host@example.com");
    const hostProject = await newProject(t.app, host);
    await openTeam(t.app, hostProject.id);
    expect(
      (await post(`/api/projects/${hostProject.id}/users`, host.cookie, { email: sam.email, accessLevel: "user" })).statusCode,
    ).toBe(201);

    await post("/api/me/deletion-code", sam.cookie);
    const mail = await (async () => {
      await t.app.emailWorker.drain();
      return smtp.waitFor((m) => m.to === sam.email && m.subject === "Your Blueprint account deletion code");
    })();
    expect(headerLine(mail, "list-unsubscribe")).toBeUndefined();
    const res = await post("/api/me/delete", sam.cookie, { code: await latestCodeFor(t.app, sam.email), confirm: "DELETE" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, keptProjects: [], keptNda: false });
    expect(res.json().deletedProjects).toContain(project.projectCode);
    expect(String(res.headers["set-cookie"])).toMatch(/bp_session=;/);

    for (const cookie of [sam.cookie, secondBrowser]) expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
    const db = t.app.ctx.db;
    expect(await db.select().from(users).where(eq(users.id, sam.userId))).toEqual([]);
    expect(await db.select().from(users).where(sql`lower(${users.email}) = ${sam.email}`)).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.userId, sam.userId))).toEqual([]);
    expect(await db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, sam.userId))).toEqual([]);
    expect(await db.select().from(projectMembers).where(eq(projectMembers.email, sam.email))).toEqual([]);
    expect(await db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, sam.email))).toEqual([]);

    const audit = (await get("/api/company/audit", admin)).json();
    const entry = audit.items.find(
      (item: { action: string; changes: { field: string; before: unknown }[] }) =>
        item.action === "account.deleted" && item.changes.some((c) => c.before === sam.userId),
    );
    expect(entry).toBeDefined();
    expect(entry.changes).toContainEqual({ field: "projects deleted", before: res.json().deletedProjects, after: [] });
  });

  it("keeps the signed NDA and a project with an invoice under a retention note, anonymised; the rest of the project goes", async () => {
    const ada = await fullCustomer("delete-keep@example.com");
    const other = await newProject(t.app, ada);
    await post("/api/me/deletion-code", ada.cookie);
    const res = await post("/api/me/delete", ada.cookie, { code: await latestCodeFor(t.app, ada.email), confirm: "DELETE" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ keptProjects: [ada.project.projectCode], keptNda: true });
    expect(res.json().deletedProjects).toContain(other.projectCode);

    const db = t.app.ctx.db;
    const [tombstone] = await db.select().from(users).where(eq(users.id, ada.userId));
    expect(tombstone).toMatchObject({ email: `deleted-${ada.userId}@deleted.invalid`, name: null, deletedAt: expect.any(Date) });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, ada.userId));
    expect(profile).toMatchObject({ fullName: null, company: null, phone: null, ndaSigned: true });
    expect(profile?.retentionNote).toMatch(
      /^Account deleted on \d{4}-\d{2}-\d{2}; kept only as the law requires \(the signed NDA/,
    );
    expect(
      await db
        .select()
        .from(ndaSignatures)
        .where(eq(ndaSignatures.profileId, profile?.id ?? "")),
    ).toHaveLength(1);

    const [kept] = await db.select().from(projects).where(eq(projects.id, ada.project.id));
    expect(kept?.retentionNote).toContain("payments and invoices");
    expect(kept?.advanceInvoiceUrl).toMatch(/^\/api\/files\//);
    const files = await db.select().from(fileAttachments).where(eq(fileAttachments.projectId, ada.project.id));
    expect(files.map((f) => f.kind)).toEqual(["invoice"]);
    expect(await db.select().from(requirements).where(eq(requirements.projectId, ada.project.id))).toEqual([]);
    expect(await db.select().from(communications).where(eq(communications.projectId, ada.project.id))).toEqual([]);
    expect(await db.select().from(projects).where(eq(projects.id, other.id))).toEqual([]);
    // The admin still has the invoice.
    expect((await get(kept?.advanceInvoiceUrl ?? "", admin)).statusCode).toBe(200);
    const projectAudit = (await get(`/api/company/projects/${ada.project.id}/audit`, admin)).json();
    expect(projectAudit.items.map((item: { action: string }) => item.action)).toContain("account.deleted");
    const logged = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "account.deleted"));
    expect(JSON.stringify(logged)).not.toContain("delete-keep@example.com");
    // Signing up again with the address starts a new, empty account.
    const again = await customer(t.app, "delete-keep@example.com");
    expect(again.userId).not.toBe(ada.userId);
    expect((await get("/api/projects", again.cookie)).json().items).toEqual([]);
  });
});

describe("leaving a project", () => {
  it("lets an invited member leave; their access ends; the owner cannot leave and a stranger gets 404", async () => {
    const owner = await customer(t.app, "leave-owner@example.com");
    const project = await newProject(t.app, owner);
    await openTeam(t.app, project.id);
    await post(`/api/projects/${project.id}/users`, owner.cookie, {
      email: "leave-member@example.com",
      accessLevel: "view_only",
    });
    const member = await customer(t.app, "leave-member@example.com");
    expect((await get(`/api/projects/${project.id}/users`, member.cookie)).statusCode).toBe(200);

    const leave = (cookie: string) =>
      t.app.inject({ method: "DELETE", url: `/api/projects/${project.id}/membership`, headers: { cookie } });
    const res = await leave(member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "You have left the project." });
    expect((await get(`/api/projects/${project.id}/users`, member.cookie)).statusCode).toBe(404);
    expect((await get("/api/projects", member.cookie)).json().items).toEqual([]);
    expect((await leave(member.cookie)).statusCode).toBe(404);

    const ownerLeaves = await leave(owner.cookie);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json()).toMatchObject({ code: "IS_OWNER" });
    const stranger = await customer(t.app, "leave-stranger@example.com");
    expect((await leave(stranger.cookie)).statusCode).toBe(404);
  });
});

describe("notification choices", () => {
  const prefsUrl = "/api/me/notification-preferences";
  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: "PUT", url: prefsUrl, payload, headers: { cookie, ...json } });
  const invite = async (projectId: string, cookie: string, email: string) => {
    await openTeam(t.app, projectId);
    return post(`/api/projects/${projectId}/users`, cookie, { email, accessLevel: "user" });
  };

  it("defaults to email for every kind, saves a choice, and refuses an unknown mode or kind", async () => {
    const pat = await customer(t.app, "prefs-basic@example.com");
    expect((await get(prefsUrl, pat.cookie)).json()).toEqual(ALL_EMAIL);
    const saved = await put(pat.cookie, { ...ALL_EMAIL, messages: "digest", team: "off" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...ALL_EMAIL, messages: "digest", team: "off" });
    expect((await get(prefsUrl, pat.cookie)).json()).toEqual({ ...ALL_EMAIL, messages: "digest", team: "off" });
    expect((await put(pat.cookie, { ...ALL_EMAIL, messages: "sometimes" })).statusCode).toBe(400);
    expect((await put(pat.cookie, { ...ALL_EMAIL, signIn: "off" })).statusCode).toBe(400);
    expect((await get(prefsUrl)).statusCode).toBe(401);
  });

  it("sends a notification with RFC 8058 one-click unsubscribe headers; a security email carries none and is sent even with every kind off", async () => {
    const owner = await customer(t.app, "prefs-owner@example.com");
    const project = await newProject(t.app, owner);
    const guest = await customer(t.app, "prefs-guest@example.com");
    await invite(project.id, owner.cookie, guest.email);
    await t.app.emailWorker.drain();
    const invitation = await smtp.waitFor((m) => m.to === guest.email && m.subject.startsWith("You're invited"));
    const expected = unsubscribeUrl(t.app.ctx.config, guest.userId, "team");
    expect(headerLine(invitation, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(headerLine(invitation, "list-unsubscribe")?.replace(/\r?\n/g, "")).toBe(`List-Unsubscribe: <${expected}>`);
    expect(expected).toMatch(/^http:\/\/localhost:3000\/unsubscribe\?u=[0-9a-f-]{36}&k=team&t=[0-9a-f]{64}$/);

    await put(guest.cookie, {
      messages: "off",
      updates: "off",
      feedback: "off",
      meetings: "off",
      status: "off",
      team: "off",
      payments: "off",
    });
    const requested = await post("/api/auth/request-code", undefined, { email: guest.email, name: "Guest" });
    expect(requested.statusCode).toBe(200);
    await t.app.emailWorker.drain();
    const code = await smtp.waitFor((m) => m.to === guest.email && m.subject === "Your Blueprint sign-in code");
    expect(headerLine(code, "list-unsubscribe")).toBeUndefined();
  });

  it("sends nothing for a kind turned off, and holds a digest kind for one daily email sent once across processes", async () => {
    const owner = await customer(t.app, "digest-owner@example.com");
    const first = await newProject(t.app, owner);
    const second = await newProject(t.app, owner);
    const third = await newProject(t.app, owner);
    const quiet = await customer(t.app, "digest-quiet@example.com");
    await put(quiet.cookie, { ...ALL_EMAIL, team: "off" });
    await invite(first.id, owner.cookie, quiet.email);
    const daily = await customer(t.app, "digest-daily@example.com");
    await put(daily.cookie, { ...ALL_EMAIL, team: "digest" });
    await invite(second.id, owner.cookie, daily.email);
    await invite(third.id, owner.cookie, daily.email);

    const db = t.app.ctx.db;
    const queuedTo = async (to: string, kind: string) =>
      db
        .select()
        .from(outgoingEmails)
        .where(and(eq(outgoingEmails.toAddress, to), eq(outgoingEmails.kind, kind)));
    expect(await queuedTo(quiet.email, "project-invitation")).toEqual([]);
    expect(await queuedTo(daily.email, "project-invitation")).toEqual([]);
    expect(await db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, daily.userId))).toHaveLength(
      2,
    );

    // Two processes wake for the same day's tick at once: one runs it.
    const tickAt = new Date("2030-01-01T00:00:00Z");
    const run = (processId: string) =>
      runTickOnce(db, {
        job: DIGEST_JOB,
        tickAt,
        processId,
        work: async () => ({ digests: await sendDigests(db, t.app.ctx.email) }),
      });
    const outcomes = await Promise.all([run("process-a"), run("process-b")]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    // A later run with nothing new held sends nothing again.
    expect(await sendDigests(db, t.app.ctx.email)).toBe(0);

    const digests = await queuedTo(daily.email, "notification-digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]?.listUnsubscribe).toBe(unsubscribeUrl(t.app.ctx.config, daily.userId, "digest"));
    await t.app.emailWorker.drain();
    const digest = await smtp.waitFor((m) => m.to === daily.email && m.subject.startsWith("Your daily Blueprint digest"));
    expect(digest.subject).toBe("Your daily Blueprint digest (2)");
    expect(digest.text).toContain(`You're invited to ${second.projectCode}`);
    expect(digest.text).toContain(`You're invited to ${third.projectCode}`);
    expect(smtp.messages.filter((m) => m.to === daily.email && m.subject.startsWith("Your daily"))).toHaveLength(1);
    expect(await db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, daily.userId))).toEqual([]);
  });

  it("unsubscribes in one click without signing in: GET asks, POST turns the kind off; another user's or an altered token is refused", async () => {
    const una = await customer(t.app, "unsub-una@example.com");
    const ben = await customer(t.app, "unsub-ben@example.com");
    const link = new URL(unsubscribeUrl(t.app.ctx.config, una.userId, "messages"));
    const path = `${link.pathname}${link.search}`;

    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Stop emails about <strong>messages</strong>?");
    expect((await get(prefsUrl, una.cookie)).json().messages).toBe("email");

    const oneClick = (url: string) =>
      t.app.inject({
        method: "POST",
        url,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    // Una's token with Ben's id, or turned to another kind, changes nothing for anyone.
    const forged = new URL(link);
    forged.searchParams.set("u", ben.userId);
    const otherKind = new URL(link);
    otherKind.searchParams.set("k", "team");
    for (const bad of [forged, otherKind]) {
      const res = await oneClick(`${bad.pathname}${bad.search}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
      expect((await get(`${bad.pathname}${bad.search}`)).statusCode).toBe(400);
    }
    expect((await oneClick("/unsubscribe")).statusCode).toBe(400);
    expect((await get(prefsUrl, ben.cookie)).json()).toEqual(ALL_EMAIL);
    expect((await get(prefsUrl, una.cookie)).json()).toEqual(ALL_EMAIL);

    const done = await oneClick(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect((await get(prefsUrl, una.cookie)).json()).toEqual({ ...ALL_EMAIL, messages: "off" });
    expect((await get(prefsUrl, ben.cookie)).json()).toEqual(ALL_EMAIL);
  });
});
