// The live hub's heartbeat, with a short interval: it reaches every open stream, ends the streams whose session ended,
// and checks the sessions in one query per beat rather than one per session (a burst of queries on the pool every
// beat would make the requests arriving meanwhile wait; see docs/performance.md, "Memory and endurance").
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createSession, deleteSession, findSessionUser } from "../auth/sessions";
import { createByteBudget } from "../cache/byte-budget";
import { followChanges } from "../cache/change-feed";
import { createReadCache } from "../cache/read-cache";
import type { DatabaseHandle } from "../db/client";
import { type LiveHub, startLiveHub } from "./hub";

const HEARTBEAT_MS = 150;
const SESSIONS = 30;

type Tab = { comments: string[]; ended: boolean; waitForComment(text: string, timeoutMs?: number): Promise<void>; close(): void };

async function openTab(baseUrl: string, token: string): Promise<Tab> {
  const response = await fetch(`${baseUrl}/events`, { headers: { "x-session-token": token } });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const tab: Tab = {
    comments: [],
    ended: false,
    async waitForComment(text, timeoutMs = 3_000) {
      await expect.poll(() => tab.comments.filter((c) => c === text).length, { timeout: timeoutMs }).toBeGreaterThan(0);
    },
    close: () => void reader.cancel().catch(() => {}),
  };
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      for (const line of decoder.decode(value, { stream: true }).split("\n"))
        if (line.startsWith(": ")) tab.comments.push(line.slice(2));
    }
    tab.ended = true;
  })();
  await tab.waitForComment("connected");
  return tab;
}

/** The same database, counting the SELECT statements started through it. */
function countingSelects(database: DatabaseHandle): { handle: DatabaseHandle; selects(): number } {
  let count = 0;
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== "select" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        count++;
        return value.apply(target, args);
      };
    },
  });
  return { handle: { ...database, db }, selects: () => count };
}

let database: TestDatabase;
// No change feed here: a cache that is never filled keeps every lookup going to the database.
const sessions = createReadCache<unknown>({ ttlMs: 0, budget: createByteBudget(0) });
let app: FastifyInstance;
let hub: LiveHub;
let baseUrl: string;
let counter: ReturnType<typeof countingSelects>;
const tokens: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  for (let i = 0; i < SESSIONS; i++) {
    const user = await createUser(database.db, { email: `tab${i}@example.com`, name: `Tab User ${i}` });
    tokens.push((await createSession(database.db, user, {})).token);
  }
  app = Fastify({ logger: false });
  counter = countingSelects(database);
  const changeFeed = await followChanges(database, [], app.log);
  hub = await startLiveHub({ database: counter.handle, changeFeed, log: app.log, heartbeatMs: HEARTBEAT_MS });
  app.get("/events", async (request, reply) => {
    const token = String(request.headers["x-session-token"]);
    const user = await findSessionUser(
      { db: database.db, caches: { sessions, projectAccess: sessions, reads: sessions } },
      token,
    );
    if (!user) return reply.status(401).send();
    hub.open(request, reply, user, token);
    return reply;
  });
  baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await hub?.close();
  await app?.close();
  await database?.close();
});

describe("live hub heartbeat", () => {
  it("reaches every open stream and checks all their sessions in one query per beat", async () => {
    const tabs = await Promise.all(tokens.map((token) => openTab(baseUrl, token)));
    try {
      await Promise.all(tabs.map((tab) => tab.waitForComment("heartbeat")));
      const before = counter.selects();
      const beats = () => tabs[0]?.comments.filter((c) => c === "heartbeat").length ?? 0;
      const beatsBefore = beats();
      await expect.poll(beats, { timeout: 15_000 }).toBeGreaterThanOrEqual(beatsBefore + 2);
      // Two beats (a third may have started) for 30 sessions: one query each, not 30.
      expect(counter.selects() - before).toBeLessThanOrEqual(3);
    } finally {
      for (const tab of tabs) tab.close();
      await expect.poll(() => hub.streamCount(), { timeout: 15_000 }).toBe(0);
    }
  });

  it("ends the streams of a session that signed out at the next beat and keeps the others", async () => {
    const [signedOut, staying] = tokens;
    const gone = await openTab(baseUrl, signedOut ?? "");
    const kept = await openTab(baseUrl, staying ?? "");
    await deleteSession(database.db, signedOut, sessions);
    await expect.poll(() => gone.ended, { timeout: 15_000 }).toBe(true);
    const beatsSoFar = kept.comments.filter((c) => c === "heartbeat").length;
    await expect
      .poll(() => kept.comments.filter((c) => c === "heartbeat").length, { timeout: 15_000 })
      .toBeGreaterThan(beatsSoFar);
    expect(kept.ended).toBe(false);
    expect(hub.streamCount()).toBe(1);
    kept.close();
  });
});
