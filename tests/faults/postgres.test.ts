// PostgreSQL faults, on a throwaway server of our own (never the shared one): requests fail cleanly with 503 while it
// is gone, the pool recovers by itself, nothing accepted is lost or half-written across a restart, and two servers
// sharing one database send each queued email exactly once.
import { sql } from "drizzle-orm";
import type { Pool as PgPool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";
import { activityEvents, outgoingEmails, projectCodeCounters, projects } from "../../src/server/db/schema";
import { findUser, onboardOwner, signedInUser } from "../factories";
import { expectErrorShape, httpRequest } from "../setup/http";
import { type OwnPostgres, startOwnPostgres } from "../setup/own-postgres";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { signIn } from "../setup/test-app";
import { startTestServer, type TestServer } from "../setup/test-server";

let pg: OwnPostgres;
let database: DatabaseHandle;
let server: TestServer;
let cookie: string;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  pg = await startOwnPostgres();
  database = await openDatabase({ url: pg.url, onPoolError: () => {} });
  await database.migrate();
  server = await startTestServer({ DATABASE_URL: pg.url, SMTP_URL: smtp.url }, { serveClient: false, database });
  cookie = await signIn(server.app, "steady@customer.example", "Sam Steady");
  // Projects are created after the NDA (issue 31): this customer has signed it.
  const steady = await findUser(server.app.ctx.db, "steady@customer.example");
  if (steady) await onboardOwner(server.app.ctx.db, steady.id);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  pg?.destroy();
  await smtp?.close();
});

const createProject = (as = cookie) => httpRequest(server.url, { method: "POST", path: "/api/projects", body: {}, cookie: as });

async function waitUntilReady(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await httpRequest(server.url, { path: "/readyz" })).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server never became ready again");
}

describe("PostgreSQL is gone", () => {
  it("answers database routes 503 SERVICE_UNAVAILABLE with Retry-After, /healthz stays up, /readyz says not ready", async () => {
    pg.stop();
    try {
      const created = await createProject();
      expectErrorShape(created, 503, "SERVICE_UNAVAILABLE");
      expect(Number(created.headers["retry-after"])).toBeGreaterThan(0);
      const signIn = await httpRequest(server.url, {
        method: "POST",
        path: "/api/auth/request-code",
        body: { email: "new@customer.example", name: "New Person" },
      });
      expectErrorShape(signIn, 503, "SERVICE_UNAVAILABLE");
      expect((await httpRequest(server.url, { path: "/healthz" })).status).toBe(200);
      expectErrorShape(await httpRequest(server.url, { path: "/readyz" }), 503);
    } finally {
      pg.start();
    }
  });

  it("recovers by itself when PostgreSQL is back: the next request works, no restart of the app", async () => {
    await waitUntilReady();
    const res = await createProject();
    expect(res.status).toBe(201);
    const list = await httpRequest(server.url, { path: "/api/projects", cookie });
    expect(list.status).toBe(200);
  });
});

describe("PostgreSQL restarted mid-traffic", () => {
  it("answers every request 201 or 503, keeps every accepted project whole, and writes nothing half-way", async () => {
    const before = (await database.db.select({ id: projects.id }).from(projects)).length;
    // A customer may open only a few projects a day: the load is spread over enough customers to stay under it.
    const customers: string[] = [];
    for (let i = 0; i < 40; i++) {
      const loader = await signedInUser(server.app, { email: `load-${i}@customer.example` });
      await onboardOwner(server.app.ctx.db, loader.userId);
      customers.push(loader.cookie);
    }
    const statuses: number[] = [];
    let stop = false;
    let turn = 0;
    const worker = async () => {
      while (!stop) {
        const res = await createProject(customers[turn++ % customers.length]);
        statuses.push(res.status);
        if (res.status !== 201) expectErrorShape(res, 503, "SERVICE_UNAVAILABLE");
      }
    };
    const workers = [worker(), worker(), worker(), worker()];
    while (statuses.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    pg.restart();
    await waitUntilReady();
    const afterRestart = statuses.length;
    while (statuses.length < afterRestart + 20) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(workers);

    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses.slice(afterRestart + 4).every((status) => status === 201)).toBe(true);

    const accepted = statuses.filter((status) => status === 201).length;
    const rows = await database.db.select({ id: projects.id, code: projects.projectCode }).from(projects);
    expect(rows.length - before).toBe(accepted);
    // Each project was written with its activity event and its code in one transaction: all or nothing.
    const created = await database.db.execute(
      sql`select count(*)::int as n from ${activityEvents} where ${activityEvents.type} = 'project.created'`,
    );
    expect((created as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(rows.length);
    const [counter] = await database.db.select().from(projectCodeCounters);
    expect(counter?.lastValue).toBe(rows.length);
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
    // No connection is left checked out of the pool: an outage must not shrink it for good.
    const pool = (database.db as unknown as { $client: PgPool }).$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});

describe("a connection that dies while checked out", () => {
  it("goes back to the pool at once (Drizzle does not release it when BEGIN fails), so outages never shrink the pool", async () => {
    const pool = (database.db as unknown as { $client: PgPool }).$client;
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const ended = new Promise((resolve) => client.once("end", resolve));
    await database.db.execute(sql`select pg_terminate_backend(${rows[0]?.pid})`);
    await ended;
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(() => client.release()).not.toThrow();
    expect((await createProject()).status).toBe(201);
  });
});

describe("two servers on one database", () => {
  let second: DatabaseHandle;
  let apps: TestServer[] = [];

  beforeAll(async () => {
    second = await openDatabase({ url: pg.url, onPoolError: () => {} });
    const env = { DATABASE_URL: pg.url, SMTP_URL: smtp.url };
    // Two more app instances with separate connection pools (three with the first): to the database, three processes.
    apps = [
      await startTestServer(env, { serveClient: false, database }),
      await startTestServer(env, { serveClient: false, database: second }),
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
  });

  it("send every queued email exactly once", async () => {
    await server.app.emailWorker.drain();
    await database.db.delete(outgoingEmails);
    const count = 40;
    await database.db.insert(outgoingEmails).values(
      Array.from({ length: count }, (_, i) => ({
        kind: "fault-test",
        toAddress: `reader-${i}@customer.example`,
        subject: `Queued message ${i}`,
        textBody: `Message ${i}`,
        htmlBody: `<p>Message ${i}</p>`,
      })),
    );
    const [one, two] = apps as [TestServer, TestServer];
    smtp.messages.length = 0;
    await Promise.all([server.app.emailWorker.drain(), one.app.emailWorker.drain(), two.app.emailWorker.drain()]);
    await Promise.all([server.app.emailWorker.drain(), one.app.emailWorker.drain(), two.app.emailWorker.drain()]);
    const subjects = smtp.messages.map((m) => m.subject).filter((s) => s.startsWith("Queued message"));
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const rows = await database.db.select({ status: outgoingEmails.status }).from(outgoingEmails);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });
});
