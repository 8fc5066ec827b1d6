// Issue 27 §3: a project's thread list answers one page in the shape every paged list answers ({items, total, page,
// pageSize}), newest activity first; `show=meetings` is the Scheduled Meetings list, the meetings with a time earliest
// first, paged the same way. It used to take `limit` and `before` and answer a bare array of at most 100 threads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, newProject } from "../../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { type Communication, THREADS_PAGE_SIZE } from "../../../shared/schemas/communications";
import { communications } from "../../db/schema";

const MESSAGES = 45;
let t: TestApp;
let owner: Customer;
let admin: string;
let projectId: string;
const HOUR = 3_600_000;
const base = new Date("2026-03-01T09:00:00Z").getTime();

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  owner = await customer(t.app, "many-threads@example.com", "Mara Many");
  projectId = (await newProject(t.app, owner)).id;
  // Stored directly (the write allowance would stop 45 posts): message n is n hours after the first.
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    projectId,
    authorId: owner.userId,
    type: "message" as const,
    subject: `Message ${i + 1}`,
    content: "Hello",
    lastActivityAt: new Date(base + i * HOUR),
    createdAt: new Date(base + i * HOUR),
  }));
  const meeting = (subject: string, scheduledFor: Date | null, at: number) => ({
    projectId,
    fromCompany: true,
    type: "meeting" as const,
    subject,
    content: "Let's talk",
    meetingUrl: "https://meet.example.com/abc",
    scheduledFor,
    lastActivityAt: new Date(at),
    createdAt: new Date(at),
  });
  await t.app.ctx.db
    .insert(communications)
    .values([
      ...messages,
      meeting("Kick-off", new Date("2026-03-10T15:00:00Z"), base - 3 * HOUR),
      meeting("Review", new Date("2026-03-04T15:00:00Z"), base - 2 * HOUR),
      meeting("No time yet", null, base - HOUR),
    ]);
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, cookie = owner.cookie) =>
  t.app.inject({ method: "GET", url: `/api/projects/${projectId}/communications${query}`, headers: { cookie } });
const subjects = (items: Communication[]) => items.map((item) => item.subject);

describe("a project's thread list, paged", () => {
  it("answers the first page of the newest activity with the total", async () => {
    const res = await list("");
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: MESSAGES + 3, page: 1, pageSize: THREADS_PAGE_SIZE });
    expect(subjects(page.items)).toEqual(Array.from({ length: THREADS_PAGE_SIZE }, (_, i) => `Message ${MESSAGES - i}`));
  });

  it("walks every page once, in order, for the customer and the company alike", async () => {
    for (const cookie of [owner.cookie, admin]) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await list(`?page=${page}&pageSize=20`, cookie);
        expect(res.json()).toMatchObject({ total: MESSAGES + 3, page, pageSize: 20 });
        seen.push(...subjects(res.json().items));
      }
      expect(seen).toHaveLength(MESSAGES + 3);
      expect(new Set(seen).size).toBe(MESSAGES + 3);
      expect(seen.slice(-3)).toEqual(["No time yet", "Review", "Kick-off"]);
    }
  });

  it("answers an empty page past the end, not an error", async () => {
    const res = await list("?page=9");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: MESSAGES + 3, page: 9 });
  });

  it("lists the meetings with a time, earliest first, for Scheduled Meetings", async () => {
    const res = await list("?show=meetings");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1 });
    expect(subjects(res.json().items)).toEqual(["Review", "Kick-off"]);
    expect(subjects((await list("?show=meetings&page=2&pageSize=1")).json().items)).toEqual(["Kick-off"]);
  });

  it.each([
    ["a page size over 100", "?pageSize=101"],
    ["a page of 0", "?page=0"],
    ["a page that is not a number", "?page=two"],
    ["an unknown view", "?show=everything"],
  ])("refuses %s with the JSON error shape", async (_, query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", message: expect.any(String) });
  });
});
