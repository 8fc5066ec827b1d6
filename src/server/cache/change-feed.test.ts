// The read caches never serve what the database no longer holds: a change made by hand in SQL, or by another server
// process on the same database, reaches every process's caches (drizzle/0007_change_notices.sql + change-feed.ts).
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, createProjectWithStatus, customer, json } from "../../../tests/factories";
import { asCommunicationId, asFeedbackId, asMeetingRequestId } from "../../../tests/setup/ids";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";
import type { TestDatabase } from "../../../tests/setup/test-database";
import { TEST_ENV } from "../../../tests/setup/test-env";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import {
  activityEvents,
  communicationReplies,
  communications,
  feedback,
  meetingRequests,
  profiles,
  projectMembers,
  projects,
  requirements,
  users,
} from "../db/schema";

let t: TestApp;
/** A second server process on the same database (its own pool on PostgreSQL; the same embedded instance on PGlite). */
let other: { app: FastifyInstance; database: DatabaseHandle | null };
let owner: Customer;
let admin: string;
let projectId: string;

const get = (app: FastifyInstance, url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });
const db = () => t.app.ctx.db;
/** Reads through `read` twice (the second is served from the cache), then changes the database by hand, then reads. */
async function seesHandChange<T>(read: () => Promise<T>, change: () => Promise<unknown>): Promise<{ before: T; after: T }> {
  await read();
  const before = await read();
  await change();
  await t.app.changeFeed.caughtUp();
  return { before, after: await read() };
}

beforeAll(async () => {
  t = await createTestApp();
  const url = (t.database as TestDatabase).url;
  const database = url ? await openDatabase({ url }) : null;
  const app = await buildApp({
    config: loadConfig({ ...TEST_ENV }),
    database: database ?? t.database,
    serveClient: false,
    logger: false,
    scheduledJobs: false,
  });
  await app.ready();
  other = { app, database };
  owner = await customer(t.app, "cache.owner@example.com", "Cara Cache");
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  projectId = (await createProjectWithStatus(db(), { ownerId: owner.userId, status: "testing" })).id;
});
afterAll(async () => {
  await other.app.close();
  await other.database?.close();
  await t.close();
});

describe("a change made by hand in the database reaches the caches", () => {
  it("the project list: a renamed project, a project shared with the customer, the owner's new name", async () => {
    const list = async () => (await get(t.app, "/api/projects", owner.cookie)).json().items as Array<Record<string, unknown>>;
    const renamed = await seesHandChange(list, () =>
      db().update(projects).set({ projectName: "Renamed by hand" }).where(eq(projects.id, projectId)),
    );
    expect(renamed.before.find((p) => p.id === projectId)?.projectName).not.toBe("Renamed by hand");
    expect(renamed.after.find((p) => p.id === projectId)?.projectName).toBe("Renamed by hand");

    const stranger = await customer(t.app, "cache.stranger@example.com", "Stan Stranger");
    const theirs = await createProjectWithStatus(db(), { ownerId: stranger.userId, status: "development" });
    const shared = await seesHandChange(list, () =>
      db().insert(projectMembers).values({ projectId: theirs.id, email: owner.email, accessLevel: "user" }),
    );
    expect(shared.before.some((p) => p.id === theirs.id)).toBe(false);
    expect(shared.after.find((p) => p.id === theirs.id)?.accessLevel).toBe("user");

    await db().insert(profiles).values({ userId: stranger.userId, fullName: "Stan Before" });
    const ownerRenamed = await seesHandChange(list, () =>
      db().update(profiles).set({ fullName: "Stan After" }).where(eq(profiles.userId, stranger.userId)),
    );
    expect(ownerRenamed.after.find((p) => p.id === theirs.id)?.customerName).toBe("Stan After");
  });

  it("the profile, the timeline and the bell", async () => {
    const profile = () => get(t.app, "/api/profile", owner.cookie).then((r) => r.json());
    await db().insert(profiles).values({ userId: owner.userId, fullName: "Cara Cache", company: "Old Co" });
    const { after } = await seesHandChange(profile, () =>
      db().update(profiles).set({ company: "New Co" }).where(eq(profiles.userId, owner.userId)),
    );
    expect(after.company).toBe("New Co");

    const timeline = () =>
      get(t.app, "/api/dashboard/activity", owner.cookie).then((r) => r.json().items as Array<{ title: string }>);
    const bell = () => get(t.app, "/api/notifications", owner.cookie).then((r) => r.json() as { unreadCount: number });
    await bell();
    const event = { userId: owner.userId, projectId, type: "status_change", title: "Written by hand", notify: true };
    const seen = await seesHandChange(timeline, () => db().insert(activityEvents).values(event));
    expect(seen.after[0]?.title).toBe("Written by hand");
    expect((await bell()).unreadCount).toBeGreaterThan(0);
    await db().update(activityEvents).set({ readAt: new Date() }).where(eq(activityEvents.userId, owner.userId));
    await t.app.changeFeed.caughtUp();
    expect((await bell()).unreadCount).toBe(0);
  });

  it("a project's requirements, feedback, messages with their replies, meeting requests and stats", async () => {
    const base = `/api/projects/${projectId}`;
    const read = (path: string) => () => get(t.app, `${base}${path}`, owner.cookie).then((r) => r.json());

    await db().insert(requirements).values({ projectId, projectName: "Cached", problemStatement: "Before" });
    const req = await seesHandChange(read("/requirements"), () =>
      db().update(requirements).set({ problemStatement: "After" }).where(eq(requirements.projectId, projectId)),
    );
    expect(req.after.problemStatement).toBe("After");

    const [item] = await db()
      .insert(feedback)
      .values({ projectId, authorId: owner.userId, feedbackType: "error", issueFaced: "It breaks", changeDescription: "Fix it" })
      .returning();
    const fb = await seesHandChange(read("/feedback"), () =>
      db()
        .update(feedback)
        .set({ status: "done" })
        .where(eq(feedback.id, asFeedbackId(item?.id ?? ""))),
    );
    expect(fb.after.items[0].status).toBe("done");

    const [thread] = await db()
      .insert(communications)
      .values({ projectId, authorId: owner.userId, type: "message", subject: "Hello", content: "First" })
      .returning();
    const replied = await seesHandChange(read("/communications"), () =>
      db()
        .insert(communicationReplies)
        .values({
          communicationId: asCommunicationId(thread?.id ?? ""),
          authorId: owner.userId,
          authorEmail: owner.email,
          content: "By hand",
        }),
    );
    expect(JSON.stringify(replied.after)).toContain("By hand");

    const [meeting] = await db()
      .insert(meetingRequests)
      .values({ projectId, requestedBy: owner.userId, subject: "Kick-off" })
      .returning();
    const stats = () => get(t.app, "/api/meeting-requests/stats", owner.cookie).then((r) => r.json());
    expect((await stats()).pendingRequests).toBe(1);
    const scheduled = await seesHandChange(read("/meeting-requests"), () =>
      db()
        .update(meetingRequests)
        .set({ status: "completed" })
        .where(eq(meetingRequests.id, asMeetingRequestId(meeting?.id ?? ""))),
    );
    expect(scheduled.after.items[0].status).toBe("completed");
    expect(await stats()).toMatchObject({ pendingRequests: 0, completedRequests: 1 });
  });

  it("a person's new name in the lists that show it, and the admin console's list and counts", async () => {
    const meetings = () => get(t.app, `/api/projects/${projectId}/meeting-requests`, owner.cookie).then((r) => r.json().items);
    const { after } = await seesHandChange(meetings, () =>
      db().update(users).set({ name: "Cara Renamed" }).where(eq(users.id, owner.userId)),
    );
    expect(after[0].requestedByName).toBe("Cara Renamed");

    const consoleList = () => get(t.app, "/api/company/projects?search=PRJ", admin).then((r) => r.json());
    const stats = () => get(t.app, "/api/company/stats", admin).then((r) => r.json());
    const beforeStats = await stats();
    const listed = await seesHandChange(consoleList, () =>
      db().update(projects).set({ status: "completed" }).where(eq(projects.id, projectId)),
    );
    expect(listed.after.items.find((p: { id: string }) => p.id === projectId)?.status).toBe("completed");
    expect((await stats()).completed).toBe(beforeStats.completed + 1);
  });
});

describe("two server processes on one database", () => {
  it("a session signed out on one is refused by the other", async () => {
    const cookie = await signIn(t.app, "cache.twice@example.com", "Tess Twice");
    expect((await get(other.app, "/api/auth/user", cookie)).statusCode).toBe(200);
    expect((await get(other.app, "/api/auth/user", cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } })).statusCode).toBe(200);
    await other.app.changeFeed.caughtUp();
    expect((await get(other.app, "/api/auth/user", cookie)).statusCode).toBe(401);
  });

  it("a message posted through one is in the other's list", async () => {
    const url = `/api/projects/${projectId}/communications`;
    const before = (await get(other.app, url, owner.cookie)).json().items as unknown[];
    const posted = await t.app.inject({
      method: "POST",
      url,
      payload: { type: "message", subject: "Across processes", content: "Seen over there?" },
      headers: { cookie: owner.cookie, ...json },
    });
    expect(posted.statusCode).toBe(201);
    await other.app.changeFeed.caughtUp();
    const after = (await get(other.app, url, owner.cookie)).json().items as Array<{ subject: string }>;
    expect(after).toHaveLength(before.length + 1);
    expect(after.some((thread) => thread.subject === "Across processes")).toBe(true);
  });

  it("a member removed through one loses access on the other", async () => {
    const member = await customer(t.app, "cache.member@example.com", "Mo Member");
    await db().insert(projectMembers).values({ projectId, email: member.email, accessLevel: "view_only" });
    await other.app.changeFeed.caughtUp();
    const url = `/api/projects/${projectId}/requirements`;
    expect((await get(other.app, url, member.cookie)).statusCode).toBe(200);
    await db().execute(sql`delete from project_members where email = ${member.email}`);
    await other.app.changeFeed.caughtUp();
    expect((await get(other.app, url, member.cookie)).statusCode).toBe(404);
  });
});
