// The change feed's connection stops carrying traffic without closing (what an idle-timed-out NAT or firewall does):
// a TCP proxy in front of PostgreSQL silently drops the listening connections' bytes. With only reads going on, a
// session or a membership deleted in the database is refused once the heartbeat finds the link dead, a write does not
// wait on the dead feed, and once the link is back changes come through their notices and the caches are used again.
// PostgreSQL only (PGlite has no connection to lose).
import net from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { type DatabaseHandle, LISTEN_HEARTBEAT, openDatabase } from "../../src/server/db/client";
import { projectMembers, projects, sessions } from "../../src/server/db/schema";
import { type Customer, createProjectWithStatus, customer, onboardOwner } from "../factories";
import { recordQueuedEmails } from "../setup/test-app";
import { openTestDatabase, type TestDatabase } from "../setup/test-database";
import { TEST_ENV } from "../setup/test-env";

/**
 * Forwards connections to PostgreSQL. A connection that has sent LISTEN is a listening one; while `silence()` is on,
 * its bytes are dropped both ways and it stays open. Silenced connections stay dead after `restore()`, as behind a NAT
 * that forgot them; new connections work again.
 */
async function startSilencingProxy(target: { host: string; port: number }) {
  let silent = false;
  const listening = new Set<net.Socket>();
  const dead = new Set<net.Socket>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const isDead = () => dead.has(client);
    client.on("data", (chunk) => {
      if (!listening.has(client) && chunk.includes("LISTEN ")) listening.add(client);
      if (silent && listening.has(client)) dead.add(client);
      if (!isDead()) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!isDead()) client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      listening.delete(client);
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    silence() {
      silent = true;
      for (const socket of listening) dead.add(socket);
    },
    restore() {
      silent = false;
    },
    silencedCount: () => dead.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Polls `check` until it holds. Not a clock on the code: what it waits for is an event (the heartbeat finding the link
 * dead, the reconnection); the deadline is only a safety net that names what never came.
 */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`${what}: not yet`);
    },
    { timeout: 45_000, interval: 100 },
  );
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("the change feed's link dies silently", () => {
  let direct: TestDatabase;
  let proxied: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startSilencingProxy>>;
  let app: FastifyInstance;
  const logLines: string[] = [];
  let reader: Customer;
  let owner: Customer;
  let member: Customer;
  let projectId: string;

  const get = (url: string, who: Customer) => app.inject({ method: "GET", url, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    direct = await openTestDatabase();
    const url = new URL(direct.url ?? "");
    proxy = await startSilencingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    proxied = await openDatabase({ url: url.toString(), onPoolError: () => {} });
    app = await buildApp({
      config: loadConfig({ ...TEST_ENV, LOG_LEVEL: "info", METRICS_PORT: "0", HOST: "127.0.0.1" }),
      metricsReuseMs: 0,
      database: proxied,
      serveClient: false,
      logStream: { write: (line: string) => logLines.push(line) },
      scheduledJobs: false,
    });
    recordQueuedEmails(app);
    await app.ready();
    reader = await customer(app, "link.reader@example.com", "Rita Reader");
    owner = await customer(app, "link.owner@example.com", "Olga Owner");
    // A project exists only once its owner's profile is complete and the NDA signed (issue 31).
    await onboardOwner(app.ctx.db, owner.userId);
    member = await customer(app, "link.member@example.com", "Mo Member");
    projectId = (await createProjectWithStatus(direct.db, { ownerId: owner.userId, status: "development" })).id;
    await direct.db.insert(projectMembers).values({ projectId, email: member.email, accessLevel: "user" });
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await direct?.close();
  });

  it("refuses a deleted session and a removed member once the heartbeat finds the link dead (reads only), and writes do not wait", async () => {
    // Warm: both reads are now served from the caches.
    for (let i = 0; i < 2; i++) {
      expect((await get("/api/auth/user", reader)).statusCode).toBe(200);
      expect((await get(`/api/projects/${projectId}/requirements`, member)).statusCode).toBe(200);
    }
    proxy.silence();
    expect(proxy.silencedCount()).toBeGreaterThan(0);
    await direct.db.delete(sessions).where(eq(sessions.userId, reader.userId));
    await direct.db.delete(projectMembers).where(eq(projectMembers.projectId, projectId));

    // The heartbeat finds the dead link (a beat every 2 s, back within 3 s: well inside the 10 s the refusals are
    // promised in); what is waited for is that event, not a number of seconds.
    expect(LISTEN_HEARTBEAT.everyMs + LISTEN_HEARTBEAT.timeoutMs).toBeLessThanOrEqual(10_000);
    await until("the change feed found lost", () => app.changeFeed.state() === "lost");
    expect(logLines.some((line) => line.includes("change feed lost") && line.includes("no heartbeat back"))).toBe(true);
    // From then on nothing is served from the caches: the very next reads are refused.
    expect((await get("/api/auth/user", reader)).statusCode).toBe(401);
    expect((await get(`/api/projects/${projectId}/requirements`, member)).statusCode).toBe(404);

    // A write answers without waiting for its own notice through the dead feed: the catch-up it awaits is settled
    // before the event loop's next turn (ordering, not a clock), never left to its timeout.
    const settledAtOnce: boolean[] = [];
    const caughtUp = app.changeFeed.caughtUp.bind(app.changeFeed);
    const spy = vi.spyOn(app.changeFeed, "caughtUp").mockImplementation(() => {
      let settled = false;
      const waiting = caughtUp().finally(() => {
        settled = true;
      });
      setImmediate(() => settledAtOnce.push(settled));
      return waiting;
    });
    try {
      const created = await app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: owner.cookie } });
      expect(created.statusCode).toBe(201);
    } finally {
      spy.mockRestore();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(settledAtOnce.length).toBeGreaterThan(0);
    expect(settledAtOnce.every(Boolean)).toBe(true);
  });

  it("sees a change once the link is back (through its notice, not an expiry), and uses the caches again", async () => {
    const tags: string[] = [];
    app.changeFeed.onChange((tag) => tags.push(tag));
    proxy.restore();
    await until("change feed restored", () => app.changeFeed.state() === "listening");
    expect(logLines.some((line) => line.includes("change feed restored"))).toBe(true);
    // A change made by hand reaches the caches through its notice: once every change committed before now has come
    // through the feed (caughtUp), the notice is among them and the next read shows the change. The reads cache keeps
    // entries 60 s, so only the notice explains it; a catch-up that timed out would empty the caches instead, which
    // the tag check rules out.
    const changedByHand = async (tag: string, change: () => Promise<unknown>) => {
      tags.length = 0;
      await change();
      await app.changeFeed.caughtUp();
      expect(tags).toContain(tag);
      expect(app.changeFeed.state()).toBe("listening");
    };
    const projectListHits = async () => {
      const text = await (await fetch(app.metricsUrl ?? "")).text();
      const line = text.split("\n").find((l) => l.startsWith('bp_read_cache_hits_total{read="projects"}'));
      return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
    };
    const projectName = async () => {
      const list = (await get("/api/projects", owner)).json().items as Array<{ id: string; projectName: string | null }>;
      return list.find((project) => project.id === projectId)?.projectName;
    };
    for (const name of ["Seen right after the link is back", "Seen through the restored feed"]) {
      await projectName();
      // Served from the cache again: a second read is a hit.
      const hits = await projectListHits();
      await projectName();
      expect(await projectListHits()).toBe(hits + 1);
      await changedByHand(`projects.id:${projectId}`, () =>
        direct.db.update(projects).set({ projectName: name }).where(eq(projects.id, projectId)),
      );
      expect(await projectName()).toBe(name);
    }
    // A member added back by hand regains access: the access cache hears it too.
    expect((await get(`/api/projects/${projectId}/requirements`, member)).statusCode).toBe(404);
    await changedByHand(`project_members.project_id:${projectId}`, () =>
      direct.db.insert(projectMembers).values({ projectId, email: member.email, accessLevel: "user" }),
    );
    expect((await get(`/api/projects/${projectId}/requirements`, member)).statusCode).toBe(200);
  });
});
