// Slow clients (slowloris): connections that trickle their headers or body, or send nothing, are cut off by the
// server's timeouts, and while they hang on, everyone else is answered: each other request is answered before the
// server has cut a single slow socket, so nobody waited for the slow ones to go. The timeouts are shortened here (the
// defaults are checked separately) so the test takes seconds, not minutes, yet leave seconds for a busy machine.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_TIMEOUTS } from "../../src/server/app";
import { databaseState } from "../setup/db-state";
import { httpRequest } from "../setup/http";
import { createTestApp } from "../setup/test-app";
import { startTestServer, type TestServer } from "../setup/test-server";

const SHORT = { headersMs: 3_000, requestMs: 4_000, idleMs: 3_000, keepAliveMs: 500, checkIntervalMs: 200 };
const SLOW_SOCKETS = 60;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { serveClient: false, serverTimeouts: SHORT });
});
afterAll(async () => {
  await server?.close();
});

type SlowSocket = { closedAt: Promise<number>; closed(): boolean; stop(): void };

/** Opens a connection, writes `first`, then one more piece every `everyMs` until the server hangs up. */
function trickle(first: string, next: () => string, everyMs: number): SlowSocket {
  const url = new URL(server.url);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on("error", () => {});
  socket.on("data", () => {});
  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;
  socket.on("close", () => {
    isClosed = true;
  });
  const closedAt = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
  socket.on("connect", () => {
    if (first) socket.write(first);
    timer = setInterval(() => {
      if (!socket.destroyed && everyMs > 0) socket.write(next());
    }, everyMs);
  });
  socket.on("close", () => clearInterval(timer));
  return {
    closedAt,
    closed: () => isClosed,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** Ten requests, one after another, each answered while every slow socket is still held open. */
async function othersAreServed(sockets: SlowSocket[]): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const res = await httpRequest(server.url, { path: i % 2 ? "/healthz" : "/api/session" });
    expect(res.status).toBe(200);
    expect(sockets.filter((socket) => socket.closed())).toHaveLength(0);
  }
}

async function expectAllCut(sockets: SlowSocket[], startedAt: number, withinMs: number): Promise<void> {
  const deadline = new Promise<number>((resolve) => setTimeout(() => resolve(-1), withinMs));
  const closed = await Promise.all(sockets.map((s) => Promise.race([s.closedAt, deadline])));
  for (const s of sockets) s.stop();
  expect(closed.filter((at) => at === -1)).toHaveLength(0);
  for (const at of closed) expect(at - startedAt).toBeLessThan(withinMs);
}

describe("slow clients", () => {
  it("headers trickled a line at a time: others are served meanwhile, and each slow socket is cut after the headers timeout", async () => {
    const startedAt = Date.now();
    let n = 0;
    const sockets = Array.from({ length: SLOW_SOCKETS }, () =>
      trickle("GET /healthz HTTP/1.1\r\nHost: localhost\r\n", () => `X-Slow-${n++}: 1\r\n`, 150),
    );
    await othersAreServed(sockets);
    await expectAllCut(sockets, startedAt, SHORT.headersMs + 2_000);
  });

  it("a body trickled a byte at a time: others are served, nothing is stored, each socket is cut after the request timeout", async () => {
    const before = await databaseState(server.app.ctx.db);
    const startedAt = Date.now();
    const head =
      "POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n" +
      '{"name":"Slow Loris","email":"slow@loris.example","remarks":"';
    const sockets = Array.from({ length: SLOW_SOCKETS }, () => trickle(head, () => "a", 150));
    await othersAreServed(sockets);
    await expectAllCut(sockets, startedAt, SHORT.requestMs + 2_000);
    expect(await databaseState(server.app.ctx.db)).toEqual(before);
  });

  it("a connection that sends nothing at all is closed", async () => {
    const startedAt = Date.now();
    const sockets = Array.from({ length: 20 }, () => trickle("", () => "", 0));
    await othersAreServed(sockets);
    await expectAllCut(sockets, startedAt, SHORT.idleMs + 2_000);
  });

  it("the real server has every timeout set (not Node's defaults)", async () => {
    const t = await createTestApp();
    try {
      const http = t.app.server;
      expect(http.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
      expect(http.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
      expect(http.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
      expect(http.timeout).toBe(SERVER_TIMEOUTS.idleMs);
      expect(SERVER_TIMEOUTS.requestMs).toBe(120_000);
      expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(30_000);
    } finally {
      await t.close();
    }
  });
});
