// Two built portal processes on one PostgreSQL behind nginx (`npm run cluster`'s set-up): what must hold across
// processes does. Runs in the PostgreSQL phase of `npm test` (TEST_DATABASE_URL names the server).
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../../scripts/lib/cluster";
import { httpRequest } from "../setup/http";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const ADMIN = "cluster.admin@blueprint.local";
const CUSTOMER = "cluster.customer@example.com";

let cluster: Cluster;
let smtp: TestSmtpServer;
let db: pg.Client;
let databaseName: string;
let serverUrl: URL;
let customerCookie: string;
let adminCookie: string;

async function sessionFor(email: string, role: "customer" | "company"): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const { rows } = await db.query<{ id: string }>(
    "insert into users (email, name, role) values ($1, 'Cluster Person', $2) returning id",
    [email, role],
  );
  await db.query(
    "insert into sessions (id, user_id, expires_at, idle_seconds) values ($1, $2, now() + interval '1 day', 86400)",
    [createHash("sha256").update(token).digest("hex"), rows[0]?.id],
  );
  return `bp_session=${token}`;
}

const post = (url: string, body: unknown, cookie?: string) =>
  fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: cluster.url.replace("127.0.0.1", "localhost"),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });

/** The next Server-Sent Event whose data mentions `text`, or a timeout. */
async function nextEventMentioning(response: Response, text: string, timeoutMs: number): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1, deadline - Date.now()))),
      ]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const block = buffer.split("\n\n").find((part) => part.includes(text));
      if (block) return block;
    }
    throw new Error(`no event mentioning ${text} within ${timeoutMs} ms`);
  } finally {
    reader.releaseLock();
  }
}

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  serverUrl = new URL(server);
  databaseName = `bp_cluster_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${databaseName}`;
  smtp = await startSmtpServer();
  cluster = await startCluster({
    databaseUrl: url.toString(),
    processes: 2,
    log: "ignore",
    env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN, DEMO_EMAIL: "", SECRET_KEY: randomBytes(32).toString("hex") },
  });
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  customerCookie = await sessionFor(CUSTOMER, "customer");
  // A project exists only once its owner's profile is complete and the NDA signed (issue 31).
  await db.query(
    `insert into profiles (user_id, full_name, company, profile_completed, nda_signed, nda_signed_at, nda_status)
     select id, 'Cluster Person', 'Cluster Co', true, true, now(), 'customer_verified' from users where email = $1`,
    [CUSTOMER],
  );
  adminCookie = await sessionFor(ADMIN, "company");
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await db?.end();
  await smtp?.close();
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}, 120_000);

describe("two portal processes behind nginx on one PostgreSQL", () => {
  it("honours a session on every process", async () => {
    const through = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${cluster.url}/api/auth/user`, { headers: { cookie: customerCookie } })),
    );
    expect(through.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const portal of cluster.processes) {
      const direct = await fetch(`http://127.0.0.1:${portal.port}/api/auth/user`, { headers: { cookie: customerCookie } });
      expect(direct.status).toBe(200);
      expect((await direct.json()).email).toBe(CUSTOMER);
    }
  });

  it("ends a signed-out session on every process, by the database's change notice (not by its cache entry expiring)", async () => {
    const [first, second] = cluster.processes;
    if (!first || !second) throw new Error("the cluster has fewer than two processes");
    const userOn = (portal: { port: number }, cookie: string) =>
      fetch(`http://127.0.0.1:${portal.port}/api/auth/user`, { headers: { cookie } }).then((response) => response.status);
    // One round of the experiment: true when it proved the notice, false when it could not tell (the control's cache
    // entry had expired by the end, as it may on a very busy machine), and a failed expectation when the notice failed.
    const round = async (n: number): Promise<boolean> => {
      // The control session is cached on the second process first, so its cache entry expires no later than the
      // leaver's; then its row is deleted with the change triggers off, so no notice tells any process about it.
      const control = await sessionFor(`cluster.stayer${n}@example.com`, "customer");
      const cookie = await sessionFor(`cluster.leaver${n}@example.com`, "customer");
      for (let i = 0; i < 2; i++) expect(await userOn(second, control)).toBe(200);
      // Both processes hold the leaver's session in their read caches...
      for (const portal of [first, second, first, second]) expect(await userOn(portal, cookie)).toBe(200);
      const controlId = createHash("sha256").update(control.replace("bp_session=", "")).digest("hex");
      await db.query("begin");
      await db.query("set local session_replication_role = replica");
      await db.query("delete from sessions where id = $1", [controlId]);
      await db.query("commit");
      // ...until it is signed out on one: the other refuses it once the database's change notice arrives (15 s is a
      // safety net, not a speed bound).
      const logout = await fetch(`http://127.0.0.1:${first.port}/api/auth/logout`, {
        method: "POST",
        headers: { cookie, origin: cluster.url.replace("127.0.0.1", "localhost") },
      });
      expect(logout.status).toBe(200);
      expect(await userOn(first, cookie)).toBe(401);
      await expect.poll(() => userOn(second, cookie), { timeout: 15_000, interval: 5 }).toBe(401);
      // The control, deleted without a notice and cached no later, is still honoured from the cache: so the leaver's
      // entry had not expired either, and only the notice can have ended it there.
      return (await userOn(second, control)) === 200;
    };
    let proved = false;
    for (let n = 0; n < 3 && !proved; n++) proved = await round(n);
    expect(proved, "the session was refused only once its cache entry could have expired").toBe(true);
  }, 90_000);

  it("counts a throttle across processes and sends each queued email exactly once", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await post(`${cluster.url}/api/contact`, {
        name: "Cluster Visitor",
        email: `visitor${i}@example.com`,
        remarks: `Message number ${i} about a booking app.`,
      });
      statuses.push(response.status);
    }
    // The contact form takes 5 messages per address in 10 minutes, whichever process answers.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);

    // Each accepted message queues two emails (the company inbox and the sender); both workers deliver: once each.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.query<{ pending: string }>(
        "select count(*) as pending from outgoing_emails where kind like 'contact%' and status <> 'sent'",
      );
      if (Number(rows[0]?.pending) === 0) break;
      if (Date.now() > deadline) throw new Error("the outbox did not drain");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { rows } = await db.query<{ sent: string }>("select count(*) as sent from outgoing_emails where kind like 'contact%'");
    expect(Number(rows[0]?.sent)).toBe(10);
    const contactMails = smtp.messages.filter((mail) => /visitor\d@example\.com|Cluster Visitor/.test(`${mail.to} ${mail.text}`));
    expect(contactMails).toHaveLength(10);
    expect(new Set(contactMails.map((mail) => mail.raw.messageId)).size).toBe(10);
  }, 60_000);

  it("runs the status rules' tick once, whichever process wakes first", async () => {
    const deadline = Date.now() + 20_000;
    // Several jobs share a tick's start (each is aligned to the epoch), so a run is one job's one tick.
    let rows: Array<{ job: string; tick_at: Date; runs: string }> = [];
    while (Date.now() < deadline) {
      ({ rows } = await db.query("select job, tick_at, count(*) as runs from scheduled_job_runs group by job, tick_at"));
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.runs)).toBe(1);
  }, 30_000);

  it("delivers a message posted to either process to a live stream opened through nginx, named by its project", async () => {
    const created = await post(`${cluster.url}/api/projects`, {}, customerCookie);
    expect(created.status).toBe(201);
    const project = (await created.json()) as { id: string };
    for (const portal of cluster.processes) {
      const stream = await fetch(`${cluster.url}/api/events`, {
        headers: { cookie: customerCookie, accept: "text/event-stream" },
      });
      expect(stream.status).toBe(200);
      const subject = `Live across processes ${portal.port}`;
      // The change notice for this project's new thread, whichever process holds the stream (15 s is a safety net).
      const arrived = nextEventMentioning(stream, `communications.project_id:${project.id}`, 15_000);
      const sent = await post(
        `http://127.0.0.1:${portal.port}/api/projects/${project.id}/communications`,
        { type: "message", subject, content: "Posted to one process, read on another." },
        adminCookie,
      );
      expect(sent.status).toBe(201);
      expect(await arrived).toContain(`communications.project_id:${project.id}`);
      await stream.body?.cancel();
    }
  }, 60_000);

  // A planned stop goes as docs/deploying.md says: out of nginx's rotation first, then SIGTERM (nginx never retries a
  // POST, so a process stopped while still in rotation may answer a write 503).
  it("loses no accepted request when one process is restarted under load", async () => {
    // The load is the company's messages to one project: a customer may open only ten projects a day and post twenty
    // messages in ten minutes (http/customer-write-limits.ts); the company's writes are not limited.
    const created = await post(`${cluster.url}/api/projects`, {}, customerCookie);
    expect(created.status).toBe(201);
    const project = (await created.json()) as { id: string };
    const count = "select count(*) as n from communications where project_id = $1";
    const before = Number((await db.query(count, [project.id])).rows[0]?.n);
    const requests: Array<Promise<number>> = [];
    const load = (async () => {
      for (let i = 0; i < 60; i++) {
        const message = { type: "message", subject: `Under load ${i}`, content: "Sent while a process stops." };
        // Each on a connection of its own (as a browser retries a write whose reused connection nginx's reload
        // closed, which fetch does not).
        requests.push(
          httpRequest(cluster.url, {
            method: "POST",
            path: `/api/projects/${project.id}/communications`,
            headers: { origin: cluster.url.replace("127.0.0.1", "localhost") },
            body: message,
            cookie: adminCookie,
          }).then((response) => response.status),
        );
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = cluster.processes[1];
    if (!stopping) throw new Error("the cluster has one process");
    const exitCode = new Promise((resolve) => stopping.child.once("exit", resolve));
    const restarted = cluster.restart(1);
    await load;
    const statuses = await Promise.all(requests);
    await restarted;
    expect(await exitCode).toBe(0);
    const accepted = statuses.filter((status) => status === 201).length;
    const after = Number((await db.query(count, [project.id])).rows[0]?.n);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(after - before).toBe(accepted);
  }, 60_000);
});
