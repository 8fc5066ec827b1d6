// Calendar and mail injection: a meeting link with CRLF (which the URL parser would silently drop) is refused with a
// field error, a stored link is the parsed address, a description with lone CRs cannot start its own .ics property,
// and no user text puts a line of its own into a mail header.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communications, outgoingEmails } from "../../src/server/db/schema";
import { EMAIL_KINDS } from "../../src/server/email/kinds";
import { buildIcs } from "../../src/server/features/meeting-requests/ics";
import { type Customer, customer, json, newProject } from "../factories";
import { expectAppUnchanged, expectNoChange } from "../setup/db-state";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { createTestApp, signIn, type TestApp } from "../setup/test-app";

let t: TestApp;
let smtp: TestSmtpServer;
let admin: string;
let owner: Customer;
let projectId: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, ".000Z");
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, headers: { cookie, ...json } });
const patch = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "PATCH", url, payload, headers: { cookie, ...json } });
/** Every line of a calendar text after unfolding, split at any line break (CRLF, CR or LF) a reader might honour. */
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split(/\r\n|\r|\n/);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  owner = await customer(t.app, "inject-owner@example.com", "Ines Owner");
  projectId = (await newProject(t.app, owner)).id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("meeting links", () => {
  const hostile = [
    "https://meet.google.com/abc-defg-hij\r\nORGANIZER:mailto:evil@attacker.example",
    "https://meet.google.com/abc\ndefg",
    "https://meet.google.com/abc\tdefg",
    "https://meet.google.com/abc\u0000defg",
  ];

  it.each(hostile)("a meeting thread's link %j is refused with a 400 field error, nothing stored", async (link) => {
    const res = await expectAppUnchanged(t.app, () =>
      post(`/api/projects/${projectId}/communications`, owner.cookie, {
        type: "meeting",
        subject: "Kick-off",
        content: "Let's meet",
        meetingUrl: link,
        scheduledFor: inDays(1),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { meetingUrl: expect.any(String) } });
  });

  it("the admin's scheduling answer with a CRLF link is refused with a 400 field error, nothing stored", async () => {
    const request = await post(`/api/projects/${projectId}/meeting-requests`, owner.cookie, { subject: "Call", urgency: "low" });
    expect(request.statusCode).toBe(201);
    const res = await expectAppUnchanged(t.app, () =>
      patch(`/api/company/meeting-requests/${request.json().id}`, admin, {
        status: "scheduled",
        scheduledAt: inDays(2),
        meetingLink: hostile[0],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ meetingLink: expect.any(String) });
  });

  it("is stored as the parsed address", async () => {
    const res = await post(`/api/projects/${projectId}/communications`, owner.cookie, {
      type: "meeting",
      subject: "Kick-off",
      content: "Let's meet",
      meetingUrl: "  HTTPS://Meet.Google.COM/abc-defg-hij  ",
      scheduledFor: inDays(1),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db
      .select({ meetingUrl: communications.meetingUrl })
      .from(communications)
      .where(eq(communications.id, res.json().id));
    expect(row?.meetingUrl).toBe("https://meet.google.com/abc-defg-hij");
  });

  it("single-line fields refuse line breaks and control characters too", async () => {
    await t.app.emailWorker.drain();
    for (const subject of ["Hello\rBcc: evil@attacker.example", "Hi\u0007there", "Hi\u202Eereht"]) {
      const res = await expectNoChange(t.app.ctx.db, () =>
        post(`/api/projects/${projectId}/meeting-requests`, owner.cookie, { subject, urgency: "low" }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ subject: expect.any(String) });
    }
  });
});

describe("the calendar invitation", () => {
  it("a description with lone CRs (and LFs, CRLFs, commas, semicolons, backslashes) adds no property of its own", async () => {
    const description = "Agenda\rX-INJECTED:1\rEND:VEVENT\nATTACH:https://evil.example/x\r\nok, fine; a\\b";
    const request = await post(`/api/projects/${projectId}/meeting-requests`, owner.cookie, {
      subject: "Planning",
      description,
      urgency: "high",
    });
    expect(request.statusCode).toBe(201);
    const answered = await patch(`/api/company/meeting-requests/${request.json().id}`, admin, {
      status: "scheduled",
      scheduledAt: inDays(3),
      meetingLink: "https://meet.google.com/abc-defg-hij",
    });
    expect(answered.statusCode).toBe(200);
    const [mail] = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.toAddress, owner.email))
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    const ics = mail?.icalEvent?.content ?? "";
    const lines = icsLines(ics);
    expect(lines.filter((line) => /^(X-INJECTED|ATTACH)/i.test(line))).toEqual([]);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(1);
    expect(lines).toContain(
      "DESCRIPTION:Agenda\\nX-INJECTED:1\\nEND:VEVENT\\nATTACH:https://evil.example/x\\nok\\, fine\\; a\\\\b",
    );
    expect(lines).toContain("URL:https://meet.google.com/abc-defg-hij");
    // Every physical line is at most 75 octets.
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("escapes the URL property too, whatever reaches it", () => {
    const ics = buildIcs({
      method: "REQUEST",
      uid: "u1@blueprint.test",
      sequence: 0,
      start: new Date("2027-01-01T10:00:00Z"),
      durationMinutes: 30,
      summary: "S",
      description: "D",
      url: "https://meet.example/x\r\nORGANIZER:mailto:evil@attacker.example",
      organizer: { email: "no-reply@blueprint.local", name: "Blueprint" },
      attendee: { email: "pat@example.com", name: "Pat\r\nX-INJECTED:1" },
    });
    const lines = icsLines(ics);
    expect(lines.filter((line) => line.startsWith("ORGANIZER"))).toHaveLength(1);
    expect(lines.filter((line) => /^X-INJECTED/.test(line))).toEqual([]);
  });
});

describe("mail headers", () => {
  it("user text in a subject never becomes a header line of its own", async () => {
    const example = EMAIL_KINDS["communication-reply"].template.example;
    await t.app.ctx.email.enqueue({
      kind: "communication-reply",
      to: "pat@example.com",
      data: {
        ...example,
        project: { projectCode: "BP-1" },
        thread: { ...example.thread, subject: "Hello\r\nBcc: evil@attacker.example\rX-Injected: 1\nSubject: second" },
      },
    });
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === "pat@example.com" && m.subject.startsWith("Re: [BP-1] Hello"));
    expect(mail.subject).toBe("Re: [BP-1] Hello Bcc: evil@attacker.example X-Injected: 1 Subject: second");
    expect(mail.raw.headers.has("x-injected")).toBe(false);
    expect(mail.raw.bcc).toBeUndefined();
  });
});
