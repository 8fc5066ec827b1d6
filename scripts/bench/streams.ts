// npm run bench:streams: what open live-update streams (GET /api/events, Server-Sent Events) cost the built server.
// Opens STREAMS (1,000) streams over loopback for members of one project (STREAMS_PER_USER tabs per user, at most the
// hub's 5), then measures: memory and open files before and after (per stream), the time to open them, how long a
// reply posted through the API takes to reach every stream, CPU while they sit idle (heartbeats), and that they close
// cleanly when the clients leave and when the server stops. Results: bench/results/streams.json.
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import pg from "pg";
import { LIVE_LIMITS } from "../../src/server/live/hub";
import { LIVE_EVENT_NAME } from "../../src/shared/constants/live";
import { seedDatabase, sessionFor, throwawayDatabase } from "../lib/bench-database";
import { envNumber } from "../lib/env-number";
import { percentile } from "../lib/percentile";
import { connectionsOnPort, cpuMs, machineDescription, openFileCount, openFileLimit, rssKb } from "../lib/process-stats";
import { type MeasuredServer, startMeasuredServer } from "./measured-server";

const STREAMS = envNumber("STREAMS", 1_000);
const STREAMS_PER_USER = envNumber("STREAMS_PER_USER", 1);
const OPEN_CONCURRENCY = envNumber("STREAMS_OPEN_CONCURRENCY", 100);
const DELIVERIES = envNumber("STREAMS_DELIVERIES", 5);
/** Long enough for six heartbeats, and past the server's 60 s idle and 120 s request timeouts. */
const IDLE_SECONDS = envNumber("STREAMS_IDLE_SECONDS", 150);
const BASELINE_SECONDS = 60;
/** Streams opened and closed before measuring, so that the first-use costs (code, buffers) are not counted per stream. */
const WARM_UP_STREAMS = 50;
/** The seed's sample customer who owns a project (scripts/seed.ts); she posts the replies the streams wait for. */
const OWNER_EMAIL = "maya@northwind.example";

type Stream = {
  openMs: number;
  /** When each 'change' event naming a reply on the project arrived (performance.now()). */
  changes: number[];
  heartbeats: number;
  ended: boolean;
  endedAt: Promise<number>;
  close(): void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Opens one stream; resolves once the server's ": connected" comment arrived. */
function openStream(base: string, cookie: string, projectId: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let resolveEnded: (at: number) => void = () => {};
    const stream: Stream = {
      openMs: 0,
      changes: [],
      heartbeats: 0,
      ended: false,
      endedAt: new Promise((resolveEnd) => {
        resolveEnded = resolveEnd;
      }),
      close: () => request.destroy(),
    };
    const markEnded = () => {
      if (stream.ended) return;
      stream.ended = true;
      resolveEnded(performance.now());
    };
    const request = http.get(`${base}/api/events`, { agent: false, headers: { cookie, accept: "text/event-stream" } });
    request.on("error", (error) => {
      markEnded();
      if (!stream.openMs) reject(error);
    });
    request.on("close", markEnded);
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        buffer += chunk;
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes(": connected") && !stream.openMs) {
            stream.openMs = performance.now() - started;
            resolve(stream);
          } else if (block.startsWith(": heartbeat")) {
            stream.heartbeats++;
          } else if (
            block.startsWith(`event: ${LIVE_EVENT_NAME}`) &&
            block.includes(`communication_replies.project_id:${projectId}`)
          ) {
            stream.changes.push(performance.now());
          }
        }
      });
      response.on("end", markEnded);
    });
  });
}

/** Opens one stream per cookie, OPEN_CONCURRENCY at a time; returns them and the wall time. */
async function openAll(base: string, cookies: string[], projectId: string): Promise<{ streams: Stream[]; seconds: number }> {
  const started = performance.now();
  const streams: Stream[] = new Array(cookies.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(OPEN_CONCURRENCY, cookies.length) }, async () => {
      while (next < cookies.length) {
        const index = next++;
        streams[index] = await openStream(base, cookies[index] ?? "", projectId);
      }
    }),
  );
  return { streams, seconds: round1((performance.now() - started) / 1000) };
}

/** Stream users (members of the owner's project by email) with one session each, and the owner's cookie and project. */
async function prepare(databaseUrl: string) {
  const users = Math.ceil(STREAMS / STREAMS_PER_USER);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      "select p.id from projects p join users u on u.id = p.user_id where u.email = $1 limit 1",
      [OWNER_EMAIL],
    );
    const projectId = rows[0]?.id;
    if (!projectId) throw new Error(`the seed made no project for ${OWNER_EMAIL}`);
    await db.query(
      `insert into users (email, name, role)
       select 'stream' || g || '@bench.example', 'Stream Tester ' || g, 'customer' from generate_series(1, $1) g`,
      [users],
    );
    await db.query(
      `insert into project_members (project_id, email, access_level)
       select $1, 'stream' || g || '@bench.example', 'view_only' from generate_series(1, $2) g`,
      [projectId, users],
    );
    const userCookies: string[] = [];
    for (let g = 1; g <= users; g++) userCookies.push(await sessionFor(db, `stream${g}@bench.example`));
    // A user's tabs share their browser's session cookie.
    const cookies = Array.from({ length: STREAMS }, (_, i) => userCookies[i % users] ?? "");
    return { projectId, cookies, users, ownerCookie: await sessionFor(db, OWNER_EMAIL) };
  } finally {
    await db.end();
  }
}

/** A JSON POST on a connection of its own (no keep-alive), so that no idle connection is left on the server. */
function postJson(url: string, cookie: string, origin: string, body: unknown): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent: false,
      headers: { cookie, origin, "content-type": "application/json" },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) reject(new Error(`POST ${url}: ${status} ${text}`));
        else resolve(JSON.parse(text) as { id: string });
      });
    });
    request.end(JSON.stringify(body));
  });
}

/** Posts DELIVERIES replies one after another; each time, how long until every stream had the change event. */
async function measureDeliveries(
  server: MeasuredServer,
  streams: Stream[],
  thread: { projectId: string; id: string },
  ownerCookie: string,
) {
  const latencies: number[] = [];
  const rounds: Array<{ postMs: number; allReceivedMs: number; missing: number }> = [];
  for (let round = 1; round <= DELIVERIES; round++) {
    const started = performance.now();
    await postJson(
      `${server.base}/api/projects/${thread.projectId}/communications/${thread.id}/replies`,
      ownerCookie,
      server.base,
      {
        content: `Delivery ${round}`,
      },
    );
    const postMs = performance.now() - started;
    while (streams.some((s) => s.changes.length < round) && performance.now() - started < 10_000) await sleep(2);
    const arrived = streams.map((s) => s.changes[round - 1]).filter((at): at is number => at !== undefined);
    for (const at of arrived) latencies.push(at - started);
    rounds.push({
      postMs: round1(postMs),
      allReceivedMs: round1(Math.max(...arrived) - started),
      missing: streams.length - arrived.length,
    });
    await sleep(500);
  }
  latencies.sort((a, b) => a - b);
  return {
    rounds,
    p50Ms: round1(percentile(latencies, 50)),
    p99Ms: round1(percentile(latencies, 99)),
    maxMs: round1(latencies.at(-1) ?? 0),
    missing: rounds.reduce((sum, r) => sum + r.missing, 0),
  };
}

type IdleWindow = {
  seconds: number;
  cpuMs: number;
  cpuPercent: number;
  probe: { requests: number; p50Ms: number; p99Ms: number; maxMs: number };
};

/**
 * `seconds` with nothing to do but hold what is open: the server's CPU time, and the latency of a light probe (a
 * session check every 250 ms, what any signed-in request starts with) to see whether the heartbeats delay requests.
 */
async function idleWindow(server: MeasuredServer, seconds: number, cookie: string): Promise<IdleWindow> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const cpuBefore = await cpuMs(server.pid);
  const started = performance.now();
  for (let k = 0; performance.now() - started < seconds * 1000; k++) {
    const sent = performance.now();
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${server.base}/api/auth/user`, { agent, headers: { cookie } }, (response) => {
        response.resume();
        response.on("end", () => (response.statusCode === 200 ? resolve() : reject(new Error(`probe: ${response.statusCode}`))));
      });
      request.on("error", reject);
    });
    latencies.push(performance.now() - sent);
    await sleep(started + (k + 1) * 250 - performance.now());
  }
  const used = (await cpuMs(server.pid)) - cpuBefore;
  const elapsed = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    cpuMs: Math.round(used),
    cpuPercent: round1((used / elapsed) * 100),
    probe: {
      requests: latencies.length,
      p50Ms: round1(percentile(latencies, 50)),
      p99Ms: round1(percentile(latencies, 99)),
      maxMs: round1(latencies.at(-1) ?? 0),
    },
  };
}

type Snapshot = { rssKb: number; heapUsedKb: number; openFiles: number; connections: number };

/**
 * The server's memory once settled (a full collection, a pause for V8 to hand back what it freed, another collection),
 * its open files and its clients' connections.
 */
async function snapshot(server: MeasuredServer): Promise<Snapshot> {
  await server.memory({ collect: true });
  await sleep(3_000);
  const heap = await server.memory({ collect: true });
  return {
    rssKb: await rssKb(server.pid),
    heapUsedKb: Math.round(heap.heapUsedMb * 1024),
    openFiles: await openFileCount(server.pid),
    connections: await connectionsOnPort(server.port),
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return Math.round(performance.now() - started);
    await sleep(20);
  }
  return null;
}

async function main(): Promise<void> {
  if (STREAMS_PER_USER < 1 || STREAMS_PER_USER > LIVE_LIMITS.maxStreamsPerUser) {
    throw new Error(`STREAMS_PER_USER must be 1 to ${LIVE_LIMITS.maxStreamsPerUser} (the hub's cap per user)`);
  }
  const loadBefore = loadavg().map(round1);
  const ownLimit = await openFileLimit(process.pid);
  if (ownLimit < STREAMS + 100)
    throw new Error(`ulimit -n is ${ownLimit}: raise it above ${STREAMS + 100} for ${STREAMS} streams`);
  const database = await throwawayDatabase();
  let server: MeasuredServer | undefined;
  let streams: Stream[] = [];
  try {
    await seedDatabase(database.url);
    const setup = await prepare(database.url);
    server = await startMeasuredServer({ databaseUrl: database.url, env: { ADMIN_EMAILS: "streams.admin@blueprint.local" } });
    const base = server.base;
    const thread = await postJson(`${base}/api/projects/${setup.projectId}/communications`, setup.ownerCookie, base, {
      type: "message",
      subject: "Live updates bench",
      content: "Replies to this thread are what the streams wait for.",
    });
    // Connections the bench keeps for itself (fetch's keep-alive from the start-up poll) stay out of the counts.
    const ownConnections = await connectionsOnPort(server.port);
    const clientsGone = async () => (await connectionsOnPort(server?.port ?? 0)) <= ownConnections;
    const warmUp = await openAll(base, setup.cookies.slice(0, WARM_UP_STREAMS), setup.projectId);
    for (const stream of warmUp.streams) stream.close();
    await waitFor(clientsGone, 10_000);
    const serverLimit = await openFileLimit(server.pid);
    const before = await snapshot(server);
    const baseline = await idleWindow(server, BASELINE_SECONDS, setup.ownerCookie);
    console.log(
      `${STREAMS} streams for ${setup.users} users; server open-file limit ${serverLimit}, ${before.openFiles} open before; ` +
        `idle CPU without streams ${baseline.cpuPercent} %, probe p99 ${baseline.probe.p99Ms} ms`,
    );

    const opened = await openAll(base, setup.cookies, setup.projectId);
    streams = opened.streams;
    const openTimes = streams.map((s) => s.openMs).sort((a, b) => a - b);
    const withStreams = await snapshot(server);
    console.log(`opened in ${opened.seconds} s; heap +${Math.round((withStreams.heapUsedKb - before.heapUsedKb) / 1024)} MB`);

    const deliveries = await measureDeliveries(server, streams, { projectId: setup.projectId, id: thread.id }, setup.ownerCookie);
    console.log(`deliveries: p50 ${deliveries.p50Ms} ms, p99 ${deliveries.p99Ms} ms, missing ${deliveries.missing}`);

    const heartbeatsBefore = streams.reduce((sum, s) => sum + s.heartbeats, 0);
    const idle = await idleWindow(server, IDLE_SECONDS, setup.ownerCookie);
    const heartbeatRounds = (streams.reduce((sum, s) => sum + s.heartbeats, 0) - heartbeatsBefore) / streams.length;
    const endedEarly = streams.filter((s) => s.ended).length;
    const afterIdle = await snapshot(server);
    console.log(
      `idle with streams: CPU ${idle.cpuPercent} % over ${IDLE_SECONDS} s, ${heartbeatRounds} heartbeats each, probe p99 ${idle.probe.p99Ms} ms`,
    );

    // The clients leave: every socket closes on the server and the hub lets the streams go.
    for (const stream of streams) stream.close();
    const clientCloseMs = await waitFor(clientsGone, 10_000);
    const afterClientClose = await snapshot(server);

    // Open them again and stop the server: every stream must end and the process exit 0.
    const reopened = await openAll(base, setup.cookies, setup.projectId);
    streams = reopened.streams;
    const stopping = performance.now();
    const stopped = await server.stop();
    server = undefined;
    const endTimes = await Promise.race([Promise.all(streams.map((s) => s.endedAt)), sleep(30_000).then(() => null)]);
    const allEndedMs = endTimes ? Math.round(Math.max(...endTimes) - stopping) : null;
    const loadAfter = loadavg().map(round1);

    const perStreamKb = (from: number, to: number) => round1((to - from) / STREAMS);
    const heartbeatCpuMs =
      heartbeatRounds > 0
        ? Math.round((idle.cpuMs - (baseline.cpuMs / baseline.seconds) * idle.seconds) / heartbeatRounds)
        : null;
    const report = {
      at: new Date().toISOString(),
      machine: machineDescription(),
      loadAverage: { before: loadBefore, atEnd: loadAfter },
      streams: STREAMS,
      users: setup.users,
      streamsPerUser: STREAMS_PER_USER,
      heartbeatSeconds: LIVE_LIMITS.heartbeatMs / 1000,
      openFileLimit: { server: serverLimit, bench: ownLimit },
      server: { before, withStreams, afterIdle, afterClientsClosed: afterClientClose },
      perStream: {
        // RSS is compared within the same stretch of time (open and settled, then closed and settled): right after
        // start the process keeps handing memory back for minutes, which would blur a before/after difference.
        rssKb: perStreamKb(afterClientClose.rssKb, afterIdle.rssKb),
        heapKb: perStreamKb(before.heapUsedKb, withStreams.heapUsedKb),
        openFiles: round1((withStreams.openFiles - before.openFiles) / STREAMS),
      },
      open: {
        seconds: opened.seconds,
        concurrency: OPEN_CONCURRENCY,
        p50Ms: round1(percentile(openTimes, 50)),
        p99Ms: round1(percentile(openTimes, 99)),
        againSeconds: reopened.seconds,
      },
      deliveries,
      idle: {
        withoutStreams: baseline,
        withStreams: idle,
        heartbeatRoundsPerStream: heartbeatRounds,
        cpuMsPerHeartbeat: heartbeatCpuMs,
        endedEarly,
      },
      close: {
        byClients: { serverSocketsClosedMs: clientCloseMs },
        byServerStop: { exitCode: stopped.code, shutdownMs: stopped.ms, allStreamsEndedMs: allEndedMs },
      },
    };
    const row = (snap: Snapshot) => ({
      "RSS MB": round1(snap.rssKb / 1024),
      "heap MB": round1(snap.heapUsedKb / 1024),
      "open files": snap.openFiles,
      connections: snap.connections,
    });
    console.table({
      before: row(before),
      [`${STREAMS} open`]: row(withStreams),
      [`after ${IDLE_SECONDS} s idle`]: row(afterIdle),
      "clients closed": row(afterClientClose),
    });
    console.log(
      `per stream: RSS ${report.perStream.rssKb} KB, heap ${report.perStream.heapKb} KB; open ${opened.seconds} s ` +
        `(p50 ${report.open.p50Ms} ms, p99 ${report.open.p99Ms} ms); delivery p50 ${deliveries.p50Ms} ms, p99 ${deliveries.p99Ms} ms; ` +
        `idle CPU ${baseline.cpuPercent} % → ${idle.cpuPercent} % (${heartbeatCpuMs} ms per heartbeat), ` +
        `probe p99 ${baseline.probe.p99Ms} → ${idle.probe.p99Ms} ms (max ${baseline.probe.maxMs} → ${idle.probe.maxMs}); ` +
        `ended early ${endedEarly}; clients closed: sockets gone in ${clientCloseMs} ms; server stop: exit ${stopped.code} ` +
        `in ${stopped.ms} ms, all streams ended in ${allEndedMs} ms; load average ${loadBefore.join(" ")} → ${loadAfter.join(" ")}`,
    );
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/streams.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log("written to bench/results/streams.json");
    const clean =
      deliveries.missing === 0 && endedEarly === 0 && clientCloseMs !== null && stopped.code === 0 && allEndedMs !== null;
    if (!clean) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.close();
    if (server) await server.stop();
    await database.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
