// Issue 26, item 5: one customer posted 30 messages, 30 feedback items and 30 meeting requests in 12 seconds, all
// 201, queueing 60 emails to the company. Each customer write the company is told about now has a per-user
// allowance: past it, 429 with Retry-After and the message the form shows, nothing stored and no email queued.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { json } from "../../../tests/factories";
import { GOOD_FEEDBACK, patchFeedback, postFeedback } from "../../../tests/setup/feedback";
import { signNdaFor, submitProfile, VALID_PROFILE } from "../../../tests/setup/onboarding";
import { openForFile } from "../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../tests/setup/test-app";
import type { FeedbackId } from "../../shared/domain/ids";
import { NOTIFICATION_KINDS } from "../../shared/schemas/account";
import {
  activityEvents,
  communicationReplies,
  communications,
  feedback,
  meetingRequests,
  outgoingEmails,
  profiles,
  requirements,
  users,
} from "../db/schema";
import { CUSTOMER_WRITE_LIMITS, CUSTOMER_WRITE_MESSAGES } from "./customer-write-limits";

const t = openForFile(() => createTestApp());
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

let n = 0;
async function customerWithProject() {
  const email = `writer${++n}@limits.example`;
  const cookie = await signIn(t.app, email, "Wren Writer");
  const userId = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json().id as string;
  await submitProfile(t.app, cookie, { fullName: "Wren Writer", primaryContact: email, company: `Writers ${n}` });
  await signNdaFor(t.app, cookie, email);
  const projectId: string = (await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } })).json().items[0].id;
  return { cookie, projectId, email, userId };
}

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: "POST", url, ...(payload ? { payload, headers: { cookie, ...json } } : { headers: { cookie } }) });
const put = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "PUT", url, payload, headers: { cookie, ...json } });

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
  it("messages and replies together: past the allowance 429, nothing stored, no email queued", { timeout: 120_000 }, async () => {
    const c = await customerWithProject();
    const url = `/api/projects/${c.projectId}/communications`;
    const first = await post(url, c.cookie, { type: "message", subject: "Thread", content: "First." });
    expect(first.statusCode).toBe(201);
    for (let i = 1; i < CUSTOMER_WRITE_LIMITS.messages[0].max; i++) {
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

  it("general support messages of a customer with no project count in the same allowance", { timeout: 120_000 }, async () => {
    // Signed in only: no profile, no NDA, no project; General support is where they write.
    const cookie = await signIn(t.app, `newcomer${++n}@limits.example`, "Nell Newcomer");
    const url = "/api/projects/general/communications";
    const first = await post(url, cookie, { type: "message", subject: "Getting started", content: "First." });
    expect(first.statusCode, first.body).toBe(201);
    for (let i = 1; i < CUSTOMER_WRITE_LIMITS.messages[0].max; i++) {
      const res = await post(`${url}/${first.json().id}/replies`, cookie, { content: `Reply ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [threads, replies, emails] = [await rows(communications), await rows(communicationReplies), await queued()];
    expectRefused(
      await post(url, cookie, { type: "message", subject: "One more", content: "x" }),
      CUSTOMER_WRITE_MESSAGES.messages,
    );
    expectRefused(await post(`${url}/${first.json().id}/replies`, cookie, { content: "y" }), CUSTOMER_WRITE_MESSAGES.messages);
    expect([await rows(communications), await rows(communicationReplies), await queued()]).toEqual([threads, replies, emails]);
    // The company still answers.
    expect((await post(`${url}/${first.json().id}/replies`, admin, { content: "We are here." })).statusCode).toBe(201);
  });

  it("feedback items", async () => {
    const c = await customerWithProject();
    const url = `/api/projects/${c.projectId}/feedback`;
    for (let i = 0; i < CUSTOMER_WRITE_LIMITS.feedback[0].max; i++) {
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
    for (let i = 0; i < CUSTOMER_WRITE_LIMITS.meetingRequests[0].max; i++) {
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

// Issue 26, item 5 (rest): the other customer writes, each refused past its allowance with nothing changed.
describe("per-user allowances on the other customer writes", () => {
  const answers = (n: number) => ({
    projectName: `Harbour Ledger ${n}`,
    problemStatement: `Bookings take hours to reconcile (version ${n}).`,
    requirementsStatus: "completed",
  });

  it("requirements saves: a few a minute at most, then 429 with the form's message; the stored answers stay", async () => {
    const c = await customerWithProject();
    const url = `/api/projects/${c.projectId}/requirements`;
    const [perMinute] = CUSTOMER_WRITE_LIMITS.requirements;
    for (let i = 0; i < perMinute.max; i++) {
      const res = await post(url, c.cookie, answers(i));
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = await countActivity(c.userId);
    const refused = await post(url, c.cookie, answers(999));
    expectRefused(refused, CUSTOMER_WRITE_MESSAGES.requirements);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(perMinute.windowSeconds);
    const [stored] = await t.app.ctx.db
      .select({ name: requirements.projectName })
      .from(requirements)
      .where(eq(requirements.projectId, c.projectId));
    expect(stored?.name).toBe(`Harbour Ledger ${perMinute.max - 1}`);
    expect(await countActivity(c.userId)).toBe(events);
  });

  it("requirements saves at once: exactly the allowance passes", async () => {
    const c = await customerWithProject();
    const url = `/api/projects/${c.projectId}/requirements`;
    const [perMinute] = CUSTOMER_WRITE_LIMITS.requirements;
    const replies = await Promise.all(Array.from({ length: perMinute.max + 10 }, (_, i) => post(url, c.cookie, answers(i))));
    const codes = replies.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(perMinute.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(10);
  });

  it("profile saves", { timeout: 120_000 }, async () => {
    const c = await customerWithProject();
    const [perHour] = CUSTOMER_WRITE_LIMITS.profile;
    // customerWithProject saved the profile once already.
    for (let i = 1; i < perHour.max; i++) {
      const res = await post("/api/profile", c.cookie, { ...VALID_PROFILE, primaryContact: c.email, jobTitle: `Title ${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectRefused(
      await post("/api/profile", c.cookie, { ...VALID_PROFILE, primaryContact: c.email, jobTitle: "Refused" }),
      CUSTOMER_WRITE_MESSAGES.profile,
    );
    const [stored] = await t.app.ctx.db
      .select({ jobTitle: profiles.jobTitle })
      .from(profiles)
      .where(eq(profiles.userId, c.userId));
    expect(stored?.jobTitle).toBe(`Title ${perHour.max - 1}`);
  });

  it("time zone and notification choices share one allowance", async () => {
    const c = await customerWithProject();
    const [window] = CUSTOMER_WRITE_LIMITS.settings;
    for (let i = 0; i < window.max; i++) {
      const res =
        i % 2 === 0
          ? await put("/api/me/time-zone", c.cookie, { timeZone: "Europe/Berlin" })
          : await put("/api/me/notification-preferences", c.cookie, { ...allChoices("email") });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectRefused(await put("/api/me/time-zone", c.cookie, { timeZone: "Asia/Tokyo" }), CUSTOMER_WRITE_MESSAGES.settings);
    expectRefused(
      await put("/api/me/notification-preferences", c.cookie, { ...allChoices("off") }),
      CUSTOMER_WRITE_MESSAGES.settings,
    );
    const [stored] = await t.app.ctx.db.select({ zone: users.timeZone }).from(users).where(eq(users.id, c.userId));
    expect(stored?.zone).toBe("Europe/Berlin");
  });

  it("feedback edits", { timeout: 180_000 }, async () => {
    const c = await customerWithProject();
    const created = await postFeedback(t.app, c.projectId, c.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const id: FeedbackId = created.json().id;
    const [window] = CUSTOMER_WRITE_LIMITS.feedbackEdits;
    for (let i = 0; i < window.max; i++) {
      const res = await patchFeedback(t.app, c.projectId, id, c.cookie, { issueFaced: `Edited issue number ${i} on the page` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectRefused(
      await patchFeedback(t.app, c.projectId, id, c.cookie, { issueFaced: "One edit too many on the page" }),
      CUSTOMER_WRITE_MESSAGES.feedbackEdits,
    );
    const [stored] = await t.app.ctx.db.select({ issue: feedback.issueFaced }).from(feedback).where(eq(feedback.id, id));
    expect(stored?.issue).toBe(`Edited issue number ${window.max - 1} on the page`);
  });

  it("acceptance decisions and Pay Now are counted before any work (refusals included), then 429", async () => {
    const c = await customerWithProject();
    const [decisions] = CUSTOMER_WRITE_LIMITS.acceptance;
    const decide = () =>
      post(`/api/projects/${c.projectId}/acceptance`, c.cookie, { decision: "request_changes", comment: "More." });
    for (let i = 0; i < decisions.max; i++) {
      // Nothing is published yet: 409, but each attempt counts.
      expect((await decide()).statusCode).toBe(409);
    }
    expectRefused(await decide(), CUSTOMER_WRITE_MESSAGES.acceptance);

    const [payments] = CUSTOMER_WRITE_LIMITS.checkout;
    const pay = () => post(`/api/projects/${c.projectId}/payments/advance/checkout`, c.cookie);
    for (let i = 0; i < payments.max; i++) expect((await pay()).statusCode).toBe(409);
    expectRefused(await pay(), CUSTOMER_WRITE_MESSAGES.checkout);
  });
});

function allChoices(mode: string): Record<string, string> {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, mode]));
}

async function countActivity(userId: string) {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.userId, userId));
  return row?.n ?? 0;
}

/**
 * Every write route of the OpenAPI document, with what holds a customer's (or a visitor's) use of it. A new write route
 * fails here until it names its allowance, or why it needs none.
 */
const WRITE_ROUTES: Record<string, string> = {
  "POST /api/auth/request-code": "per address and per IP (send-sign-in-code.ts)",
  "POST /api/auth/verify-code": "per IP, and five tries per code (verify-sign-in-code.ts)",
  "POST /api/auth/logout": "none needed: ends the caller's own session",
  "POST /api/projects": "New Project: 10 a day (create-customer-project.ts)",
  "DELETE /api/projects/{id}": "none needed: only an empty project, so bounded by New Project's allowance",
  "POST /api/projects/{id}/requirements": "requirements",
  "POST /api/projects/{id}/requirements/generate": "per user (generate-brief.ts)",
  "POST /api/projects/{id}/users": "invitations per project and per user (add-member.ts)",
  "DELETE /api/projects/{id}/users/{userId}": "none needed: each removal undoes one invitation, which has its allowance",
  "DELETE /api/projects/{id}/membership": "none needed: leaving undoes one invitation, which has its allowance",
  "POST /api/profile": "profile",
  "POST /api/nda/send-otp": "per user and address (nda-codes.ts)",
  "POST /api/send-otp": "per user and address (nda-codes.ts)",
  "POST /api/nda/verify-customer-otp": "per IP, five tries per code, codes bounded by send-otp (nda-codes.ts)",
  "POST /api/verify-customer-otp": "per IP, five tries per code, codes bounded by send-otp (nda-codes.ts)",
  "POST /api/nda/send-company-otp": "company only",
  "POST /api/company/nda/approve": "company only",
  "POST /api/nda/verify-company-otp": "company only",
  "POST /api/verify-document": "per IP (verify-routes.ts)",
  "POST /api/notifications/read-all": "none needed: the caller's own read markers, no email, nothing grows",
  "POST /api/notifications/{id}/read": "none needed: the caller's own read markers, no email, nothing grows",
  "POST /api/contact": "per IP and per address (submit-contact-inquiry.ts)",
  "POST /api/projects/{id}/communications": "messages",
  "POST /api/projects/{id}/communications/{communicationId}/replies": "messages",
  "POST /api/projects/{id}/communications/{communicationId}/read": "none needed: one read marker per thread and person",
  "POST /api/projects/{id}/meeting-requests": "meetingRequests",
  "POST /api/projects/{id}/feedback": "feedback",
  "PATCH /api/projects/{id}/feedback/{feedbackId}": "feedbackEdits",
  "POST /api/projects/{id}/feedback/{feedbackId}/confirm": "feedbackEdits",
  "POST /api/projects/{id}/feedback/{feedbackId}/reopen": "feedbackEdits",
  "POST /api/projects/{id}/feedback/rounds/close": "company only",
  "POST /api/projects/{id}/acceptance": "acceptance",
  "POST /api/projects/{id}/proposal/accept": "proposal",
  "POST /api/projects/{id}/payments/{phase}/checkout": "checkout",
  "PUT /api/me/notification-preferences": "settings",
  "PUT /api/me/time-zone": "settings",
  "PUT /api/me/name": "settings",
  "POST /api/me/deletion-code": "per user and IP (delete-account.ts)",
  "POST /api/me/delete": "per IP, five tries per code (delete-account.ts)",
  "POST /unsubscribe": "none needed: a signed one-click token sets one choice to off",
  "POST /api/webhooks/stripe": "Stripe's signature; not a customer's",
};

describe("every write route has its allowance", () => {
  it("lists each write route of the OpenAPI document, and each named kind exists", async () => {
    const document = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ["post", "put", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const unlisted = writes.filter(
      (route) => !(route in WRITE_ROUTES) && !route.includes(" /api/company/") && !route.includes(" /api/admin/"),
    );
    expect(unlisted, "write routes with no allowance named in WRITE_ROUTES").toEqual([]);
    for (const holder of Object.values(WRITE_ROUTES)) {
      if (/^[a-zA-Z]+$/.test(holder)) expect(Object.keys(CUSTOMER_WRITE_LIMITS)).toContain(holder);
    }
    // Company routes are refused to customers by their guard (tests/security/access.test.ts).
  });
});
