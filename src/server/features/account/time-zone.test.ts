// The viewer's time zone through the real app: stored and refused by PUT /api/me/time-zone, answered by
// GET /api/auth/user at once (the cached session follows the users row), and the emails that state a time written in
// each recipient's zone with its offset (UTC when the zone is not known).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject } from "../../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { TIME_ZONE_MESSAGES } from "../../../shared/schemas/time-zone";
import { activityEvents, outgoingEmails, users } from "../../db/schema";

const ADMIN = "admin@blueprint.local";
// A winter evening in New York is already the next day in UTC: 03:30 UTC on 14 January 2027.
const MEETING_AT = "2027-01-14T03:30:00.000Z";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN, "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

const putZone = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: "PUT",
    url: "/api/me/time-zone",
    payload: payload as object,
    headers: { ...(cookie ? { cookie } : {}), ...json },
  });
const currentUser = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();

async function emailsTo(address: string, kind: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ text: outgoingEmails.textBody })
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, address), eq(outgoingEmails.kind, kind)));
  return rows.map((row) => row.text);
}

describe("PUT /api/me/time-zone", () => {
  let ada: Customer;
  beforeAll(async () => {
    ada = await customer(t.app, "zone-ada@example.com", "Ada Zone");
  });

  it("starts unknown, then stores the zone and GET /api/auth/user answers it at once", async () => {
    expect((await currentUser(ada.cookie)).timeZone).toBeNull();
    const saved = await putZone(ada.cookie, { timeZone: "America/New_York" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ timeZone: "America/New_York" });
    expect((await currentUser(ada.cookie)).timeZone).toBe("America/New_York");

    expect((await putZone(ada.cookie, { timeZone: "Asia/Kolkata" })).statusCode).toBe(200);
    expect((await currentUser(ada.cookie)).timeZone).toBe("Asia/Kolkata");
    const [row] = await t.app.ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, ada.userId));
    expect(row?.timeZone).toBe("Asia/Kolkata");
  });

  it("stores a legacy name (as some browsers report it) by its current name, and answers a row stored earlier so too", async () => {
    const saved = await putZone(ada.cookie, { timeZone: "Asia/Calcutta" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ timeZone: "Asia/Kolkata" });
    const [row] = await t.app.ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, ada.userId));
    expect(row?.timeZone).toBe("Asia/Kolkata");

    // A row written before names were canonicalised.
    await t.app.ctx.db.update(users).set({ timeZone: "Europe/Kiev" }).where(eq(users.id, ada.userId));
    expect((await currentUser(ada.cookie)).timeZone).toBe("Europe/Kyiv");
    expect((await putZone(ada.cookie, { timeZone: "Asia/Kolkata" })).statusCode).toBe(200);
  });

  it.each([
    ["an unknown zone", { timeZone: "Mars/Olympus_Mons" }],
    ["an offset", { timeZone: "+05:00" }],
    ["a wrong spelling", { timeZone: "america/new_york" }],
    ["an empty value", { timeZone: "" }],
    ["a number", { timeZone: 5 }],
    ["nothing", {}],
  ])("refuses %s with the field's message and keeps the stored zone", async (_, payload) => {
    const res = await putZone(ada.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { timeZone: TIME_ZONE_MESSAGES.unknown } });
    expect((await currentUser(ada.cookie)).timeZone).toBe("Asia/Kolkata");
  });

  it("answers a visitor 401", async () => {
    expect((await putZone(undefined, { timeZone: "UTC" })).statusCode).toBe(401);
  });
});

describe("emails in the recipient's zone", () => {
  let owner: Customer;
  let project: { id: string; projectCode: string };
  beforeAll(async () => {
    owner = await customer(t.app, "zone-owner@example.com", "Nia York");
    project = await newProject(t.app, owner);
    expect((await putZone(owner.cookie, { timeZone: "America/New_York" })).statusCode).toBe(200);
  });

  it("a scheduled meeting request: the email says the New York evening with its offset; the activity carries the instant", async () => {
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/meeting-requests`,
      payload: { subject: "Evening review", description: "", preferredDates: null, urgency: "medium" },
      headers: { cookie: owner.cookie, ...json },
    });
    expect(asked.statusCode).toBe(201);
    const responded = await t.app.inject({
      method: "PATCH",
      url: `/api/company/meeting-requests/${asked.json().id}`,
      payload: {
        status: "scheduled",
        meetingLink: "https://meet.google.com/abc-defg-hij",
        scheduledAt: MEETING_AT,
        adminNotes: null,
      },
      headers: { cookie: admin, ...json },
    });
    expect(responded.statusCode).toBe(200);

    const [text] = await emailsTo(owner.email, "meeting-response");
    expect(text).toContain("When: Wednesday, 13 January 2027, 22:30 (UTC\u221205:00, America/New_York) (30 minutes)");
    expect(text).not.toContain("GMT");

    const [event] = await t.app.ctx.db
      .select({ description: activityEvents.description })
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, owner.userId), eq(activityEvents.type, "meeting.responded")));
    expect(event?.description).toBe(`[[at:${MEETING_AT}]] (30 minutes)`);
  });

  it("a meeting posted by the company: the customer reads New York time", async () => {
    const posted = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/communications`,
      payload: {
        type: "meeting",
        subject: "Kick-off",
        content: "See you there",
        meetingUrl: "https://meet.google.com/abc-defg-hij",
        scheduledFor: MEETING_AT,
      },
      headers: { cookie: admin, ...json },
    });
    expect(posted.statusCode).toBe(201);
    const [text] = await emailsTo(owner.email, "communication-message");
    expect(text).toContain("Meeting time: Wednesday, 13 January 2027, 22:30 (UTC\u221205:00, America/New_York)");
  });

  it("a meeting proposed by the customer: the company inbox reads its own stored zone (UTC until one is stored)", async () => {
    const propose = (subject: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/projects/${project.id}/communications`,
        payload: {
          type: "meeting",
          subject,
          content: "Can we meet?",
          meetingUrl: "https://meet.google.com/abc-defg-hij",
          scheduledFor: MEETING_AT,
        },
        headers: { cookie: owner.cookie, ...json },
      });
    expect((await propose("First proposal")).statusCode).toBe(201);
    const first = (await emailsTo(ADMIN, "communication-message")).find((text) => text.includes("First proposal"));
    expect(first).toContain("Meeting time: Thursday, 14 January 2027, 03:30 (UTC+00:00, UTC)");

    expect((await putZone(admin, { timeZone: "Asia/Kolkata" })).statusCode).toBe(200);
    expect((await propose("Second proposal")).statusCode).toBe(201);
    const second = (await emailsTo(ADMIN, "communication-message")).find((text) => text.includes("Second proposal"));
    expect(second).toContain("Meeting time: Thursday, 14 January 2027, 09:00 (UTC+05:30, Asia/Kolkata)");
  });
});
