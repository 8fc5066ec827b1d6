// The generated nginx configuration retries only what is safe to repeat: a POST that got a 503 (which the app also
// answers for a database error that may come after its commit) is never sent to a second process, while a GET is.
// And a stopping process drains: after SIGTERM its /readyz answers 503 while it still serves, then it exits.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NGINX, nginxConfig } from "../../scripts/lib/cluster";
import { spawnServer, waitForHealthy } from "../setup/child-server";
import { freePort } from "../setup/free-port";

/** A process that answers 503 to everything, as the app does for a database error, and counts what reached it. */
function failingUpstream(): Promise<{ server: http.Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    if (request.url === "/healthz") {
      response.end('{"status":"ok"}');
      return;
    }
    hits.push(request.method ?? "");
    request.on("end", () => {
      response.writeHead(503, { "content-type": "application/json" });
      response.end('{"message":"Database is not reachable","code":"DATABASE_UNAVAILABLE"}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port, hits })),
  );
}

const upstreams: Awaited<ReturnType<typeof failingUpstream>>[] = [];
const nginxes: { process: ChildProcess; dir: string }[] = [];

beforeAll(async () => {
  upstreams.push(await failingUpstream(), await failingUpstream());
});

afterAll(async () => {
  for (const nginx of nginxes) {
    nginx.process.kill("SIGQUIT");
    if (nginx.process.exitCode === null) await new Promise((resolve) => nginx.process.once("exit", resolve));
    rmSync(nginx.dir, { recursive: true, force: true });
  }
  for (const u of upstreams) u.server.close();
});

/**
 * A new nginx with the generated configuration in front of both upstreams, the hits forgotten: each case starts with
 * both processes in rotation (a 503 marks a process failed for nginx's fail_timeout of 2 s, which a case would
 * otherwise have to wait out).
 */
async function freshNginx(): Promise<string> {
  for (const u of upstreams) u.hits.length = 0;
  const dir = mkdtempSync(path.join(tmpdir(), "bp-nginx-test-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig({ dir, port, upstreamPorts: upstreams.map((u) => u.port) }));
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  nginxes.push({ process: child, dir });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("nginx did not start");
}

const totalHits = () => upstreams.reduce((sum, u) => sum + u.hits.length, 0);

describe("the generated nginx configuration", () => {
  it("does not mark non-idempotent requests as retryable", () => {
    const config = nginxConfig({ dir: "/tmp/x", port: 8080, upstreamPorts: [3001, 3002] });
    expect(config).not.toMatch(/non_idempotent/);
    expect(config).toMatch(/proxy_next_upstream error http_503;/);
  });

  it("a GET that got a 503 is tried on the next process (retries are on, so the POST case can fail)", async () => {
    const nginxUrl = await freshNginx();
    const res = await fetch(`${nginxUrl}/api/projects`);
    expect(res.status).toBe(503);
    expect(totalHits()).toBe(2);
  });

  it("a POST that got a 503 reaches exactly one process: it is never applied twice", async () => {
    for (const method of ["POST", "PATCH"]) {
      const nginxUrl = await freshNginx();
      const res = await fetch(`${nginxUrl}/api/projects`, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Once" }),
      });
      expect(res.status).toBe(503);
      expect(totalHits(), method).toBe(1);
    }
  });

  it("a process marked down for a restart gets nothing new", async () => {
    const [first, second] = upstreams;
    if (!first || !second) throw new Error("two upstreams expected");
    const config = nginxConfig({ dir: "/tmp/x", port: 8080, upstreamPorts: [first.port, second.port], down: [first.port] });
    expect(config).toContain(`server 127.0.0.1:${first.port} max_fails=1 fail_timeout=2s down;`);
    expect(config).not.toContain(`server 127.0.0.1:${second.port} max_fails=1 fail_timeout=2s down;`);
  });
});

describe("a stopping process drains through /readyz", () => {
  it("after SIGTERM, /readyz answers 503 while requests are still served, then the process exits cleanly", async () => {
    // A new DATA_DIR, filled from the build's migrated template (`memory://` would run initdb: seconds of CPU).
    const dataRoot = mkdtempSync(path.join(tmpdir(), "bp-drain-"));
    const server = await spawnServer({ DATA_DIR: path.join(dataRoot, "data"), SHUTDOWN_DRAIN_SECONDS: "3" });
    try {
      await waitForHealthy(server, 200_000);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      server.child.kill("SIGTERM");
      let draining = false;
      for (let i = 0; i < 40 && !draining; i++) {
        draining = (await fetch(`${server.url}/readyz`)).status === 503;
        if (!draining) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(draining).toBe(true);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).code).toBe("SERVICE_UNAVAILABLE");
      // Still serving while it drains: a request that arrives now is answered, not refused.
      expect((await fetch(`${server.url}/api/session`)).status).toBe(200);
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await server.exited;
      rmSync(dataRoot, { recursive: true, force: true });
    }
  }, 260_000);
});
