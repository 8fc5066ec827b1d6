// Issue 26, item 5: 200 replies of 10,000 characters to one thread made every view of that thread and
// GET /api/company/communications 2.2 MB, growing with each reply. A thread view now carries its newest
// THREAD_REPLY_PREVIEW replies and the total; the rest come latest first, a page at a time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject } from "../../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import type { CommunicationId } from "../../../shared/domain/ids";
import { type CommunicationReply, THREAD_REPLY_PREVIEW } from "../../../shared/schemas/communications";
import { communicationReplies, communications } from "../../db/schema";

const REPLIES = 200;
const SIZE = 10_000;
/** What a view may weigh whatever the thread's length: the preview's replies plus room for everything else. */
const BOUND = THREAD_REPLY_PREVIEW * SIZE + 20_000;

let t: TestApp;
let admin: string;
let owner: Customer;
let projectId: string;
let threadId: CommunicationId;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  owner = await customer(t.app, "long-thread@example.com", "Lena Long");
  projectId = (await newProject(t.app, owner)).id;
  const res = await t.app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/communications`,
    payload: { type: "message", subject: "A long thread", content: "The first message." },
    headers: { cookie: owner.cookie, ...json },
  });
  expect(res.statusCode).toBe(201);
  threadId = res.json().id;
  // The replies are stored directly (the write allowance would stop 200 posts); each is numbered and a second apart.
  const start = Date.now() - REPLIES * 1000;
  const rows = Array.from({ length: REPLIES }, (_, i) => ({
    communicationId: threadId,
    authorId: owner.userId,
    authorEmail: owner.email,
    content: `reply ${i + 1} `.padEnd(SIZE, "x"),
    createdAt: new Date(start + i * 1000),
  }));
  await t.app.ctx.db.insert(communicationReplies).values(rows);
  await t.app.ctx.db
    .update(communications)
    .set({ replyCount: REPLIES, lastActivityAt: new Date(start + REPLIES * 1000) })
    .where(eq(communications.id, threadId));
});
afterAll(async () => {
  await t.close();
});

const numberOf = (reply: CommunicationReply) => Number(reply.content.split(" ")[1]);

describe("a thread of 200 replies of 10,000 characters", () => {
  it("the customer's thread view carries the newest replies and the total, and stays small", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/communications`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(BOUND);
    const [thread] = res.json().items;
    expect(thread.replyCount).toBe(REPLIES);
    expect(thread.replies).toHaveLength(THREAD_REPLY_PREVIEW);
    expect(thread.replies.map(numberOf)).toEqual(
      Array.from({ length: THREAD_REPLY_PREVIEW }, (_, i) => REPLIES - THREAD_REPLY_PREVIEW + 1 + i),
    );
  });

  it("the company's list and thread carry the newest replies, stay small, and count every unread reply", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/company/communications", headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    expect(list.body.length).toBeLessThan(BOUND);
    const item = list.json().items.find((i: { id: string }) => i.id === threadId);
    expect(item.replyCount).toBe(REPLIES);
    expect(item.replies).toHaveLength(THREAD_REPLY_PREVIEW);
    expect(item.unreadCount).toBe(REPLIES + 1);
    const one = await t.app.inject({
      method: "GET",
      url: `/api/company/communications/${threadId}`,
      headers: { cookie: admin },
    });
    expect(one.statusCode).toBe(200);
    expect(one.body.length).toBeLessThan(BOUND);
    expect(one.json().replies).toHaveLength(THREAD_REPLY_PREVIEW);
  });

  it("paging the replies returns every one exactly once, latest first", async () => {
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/projects/${projectId}/communications/${threadId}/replies?page=${page}&pageSize=30`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: REPLIES, page, pageSize: 30 });
      expect(body.items.length).toBeLessThanOrEqual(30);
      seen.push(...body.items.map(numberOf));
      if (body.items.length < 30) break;
    }
    expect(seen).toEqual(Array.from({ length: REPLIES }, (_, i) => REPLIES - i));
  });

  it("a thread of another project, or no thread, is not found; a page past the end is empty", async () => {
    const other = await customer(t.app, "other-thread@example.com", "Otto Other");
    const otherProject = (await newProject(t.app, other)).id;
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/projects/${otherProject}/communications/${threadId}/replies`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const stranger = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/communications/${threadId}/replies`,
      headers: { cookie: other.cookie },
    });
    expect(stranger.statusCode).toBe(404);
    const bogus = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/communications/not-a-thread/replies`,
      headers: { cookie: owner.cookie },
    });
    expect(bogus.statusCode).toBe(404);
    const past = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/communications/${threadId}/replies?page=99`,
      headers: { cookie: owner.cookie },
    });
    expect(past.json()).toMatchObject({ items: [], total: REPLIES });
  });
});
