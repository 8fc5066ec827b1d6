// Live updates across two server instances on one database: on PostgreSQL each has its own pool and LISTEN
// connection (as two processes would); on PGlite they share the in-process database.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject } from "../../../tests/factories";
import { postThread, startGeneralThread } from "../../../tests/setup/reply-thread";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";
import { TEST_ENV } from "../../../tests/setup/test-env";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";

type SseStream = { next(timeoutMs?: number): Promise<{ event: string; data: unknown }>; close(): void; ended: Promise<void> };

/** Reads events until the tags heard so far satisfy `enough`; returns them. */
async function tagsUntil(stream: SseStream, enough: (tags: string[]) => boolean): Promise<string[]> {
  const tags: string[] = [];
  while (!enough(tags)) tags.push(...((await stream.next()).data as { tags: string[] }).tags);
  return tags;
}

async function openStream(baseUrl: string, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/events`, { headers: cookie ? { cookie, accept: "text/event-stream" } : {} });
}

function readEvents(response: Response): SseStream {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: Array<{ event: string; data: unknown }> = [];
  const waiters: Array<(value: { event: string; data: unknown }) => void> = [];
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf("\n\n");
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) {
          const item = { event, data: JSON.parse(data) };
          const waiter = waiters.shift();
          if (waiter) waiter(item);
          else queue.push(item);
        }
        cut = buffer.indexOf("\n\n");
      }
    }
  })();
  return {
    // A safety net against a hung test, not an assertion: a busy machine may take seconds to deliver an event.
    next(timeoutMs = 15_000) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((item) => {
          clearTimeout(timer);
          resolve(item);
        });
      });
    },
    close: () => void reader.cancel().catch(() => {}),
    ended,
  };
}

let a: TestApp;
let second: { app: FastifyInstance; database: DatabaseHandle | null };
let bUrl: string;
let admin: string;
let owner: Customer;
let project: { id: string };

beforeAll(async () => {
  a = await createTestApp();
  const url = (a.database as DatabaseHandle & { url?: string }).url;
  const database = url ? await openDatabase({ url }) : null;
  const app = await buildApp({
    config: loadConfig({ ...TEST_ENV }),
    database: database ?? a.database,
    serveClient: false,
    logger: false,
  });
  second = { app, database };
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  bUrl = address;
  admin = await signIn(a.app, "admin@blueprint.local", "Ada Admin");
  owner = await customer(a.app, "live-owner@example.com", "Liv Owner");
  project = await newProject(a.app, owner);
});

afterAll(async () => {
  await second.app.close();
  await second.database?.close();
  await a.close();
});

describe("GET /api/events", () => {
  it("a reply posted on one server reaches a tab connected to the other, as the database announced it", async () => {
    const thread = (
      await postThread(a.app, { projectId: project.id, cookie: owner.cookie, subject: "Live?", content: "Is this live?" })
    ).json();
    const response = await openStream(bUrl, owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const stream = readEvents(response);

    const posted = await a.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/communications/${thread.id}/replies`,
      payload: { content: "Yes, it is." },
      headers: { cookie: admin, ...json },
    });
    expect(posted.statusCode).toBe(201);
    // The reply's row and the owner's new notification, as the database announced them: the reply went to server A,
    // the stream is on server B, so only the shared change feed can have brought them (no timing asserted).
    const seen = await tagsUntil(
      stream,
      (tags) =>
        tags.includes(`communication_replies.project_id:${project.id}`) &&
        tags.includes(`activity_events.user_id:${owner.userId}`),
    );
    expect(seen).toContain(`communication_replies.project_id:${project.id}`);
    stream.close();
  });

  it("a meeting response reaches the requester's tab; another customer's tab hears nothing of it", async () => {
    const stranger = await customer(a.app, "live-stranger@example.com");
    const strangerProject = await newProject(a.app, stranger);
    const mine = readEvents(await openStream(bUrl, owner.cookie));
    const theirs = readEvents(await openStream(bUrl, stranger.cookie));
    const request = (
      await a.app.inject({
        method: "POST",
        url: `/api/projects/${project.id}/meeting-requests`,
        payload: { subject: "Walkthrough", urgency: "high" },
        headers: { cookie: owner.cookie, ...json },
      })
    ).json();
    await a.app.inject({
      method: "PATCH",
      url: `/api/company/meeting-requests/${request.id}`,
      payload: {
        status: "scheduled",
        meetingLink: "https://meet.google.com/abc-defg-hij",
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      headers: { cookie: admin, ...json },
    });
    const heard = await tagsUntil(
      mine,
      (tags) => tags.filter((tag) => tag === `meeting_requests.project_id:${project.id}`).length >= 1,
    );
    expect(heard).toContain(`meeting_requests.project_id:${project.id}`);

    // Up to the stranger's own meeting request (and any late notice of their new project before it), nothing of the
    // owner's reached them.
    await a.app.inject({
      method: "POST",
      url: `/api/projects/${strangerProject.id}/meeting-requests`,
      payload: { subject: "Mine", urgency: "low" },
      headers: { cookie: stranger.cookie, ...json },
    });
    const own = `meeting_requests.project_id:${strangerProject.id}`;
    const theirTags = await tagsUntil(theirs, (tags) => tags.includes(own));
    expect(theirTags).toContain(own);
    expect(theirTags.some((tag) => tag.includes(project.id) || tag.includes(owner.userId))).toBe(false);
    mine.close();
    theirs.close();
  });

  it("a General support thread (no project) reaches the company's tab; another customer's tab hears nothing of it", async () => {
    const newcomer = await customer(a.app, "live-newcomer@example.com", "Nia New");
    const company = readEvents(await openStream(bUrl, admin));
    const other = readEvents(await openStream(bUrl, owner.cookie));
    await startGeneralThread(a.app, { cookie: newcomer.cookie, subject: "Before any project", content: "Hello" });
    const heard = await tagsUntil(company, (tags) => tags.includes("communications.project_id:null"));
    expect(heard).toContain("communications.project_id:null");

    // The owner's own next change arrives, and nothing of the general thread came before it.
    await postThread(a.app, { projectId: project.id, cookie: owner.cookie, subject: "Mine", content: "Mine" });
    const own = `communications.project_id:${project.id}`;
    const theirTags = await tagsUntil(other, (tags) => tags.includes(own));
    expect(theirTags.some((tag) => tag.endsWith(":null"))).toBe(false);
    company.close();
    other.close();
  });

  it("visitors get 401; a user may hold at most 5 streams; the streams end when the server shuts down", async () => {
    expect((await openStream(bUrl)).status).toBe(401);
    const user = await customer(a.app, "live-cap@example.com");
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const response = await openStream(bUrl, user.cookie);
      expect(response.status).toBe(200);
      streams.push(readEvents(response));
    }
    // The hub counts a stream once its response started; the 6th is refused.
    const sixth = await openStream(bUrl, user.cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
    streams[0]?.close();
    await streams[0]?.ended;
    // The freed place is given back once the server sees the close; 15 s is a safety net, not a speed bound.
    await expect.poll(async () => (await openStream(bUrl, user.cookie)).status, { timeout: 15_000 }).toBe(200);

    const closing = second.app.close();
    await Promise.all(streams.slice(1).map((s) => s.ended));
    await closing;
  });
});
