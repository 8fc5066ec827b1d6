// The metrics listener (issue 26, item 10): it bound to HOST, so HOST=0.0.0.0 published it to every network. It now
// binds to METRICS_HOST (127.0.0.1 by default), answers only with METRICS_TOKEN as a bearer token when one is set, and
// renders once for any number of simultaneous scrapers (and serves a rendering under a second old again).
import { Gauge, Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMetrics } from "../../src/server/metrics/metrics";
import { createTestApp, type TestApp } from "../setup/test-app";

const TOKEN = "metrics-scrape-token-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ HOST: "0.0.0.0", METRICS_PORT: "0", METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const url = () => t.app.metricsUrl ?? "";
const scrape = (authorization?: string) => fetch(url(), { headers: authorization ? { authorization } : {} });

describe("the metrics listener", () => {
  it("listens on loopback even when HOST=0.0.0.0", () => {
    expect(new URL(url()).hostname).toBe("127.0.0.1");
  });

  it("answers 401 without the bearer token, or with a wrong one, and 200 with it", async () => {
    for (const header of [undefined, "Bearer wrong-token-0123456789012", `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const response = await scrape(header);
      expect(response.status, String(header)).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain("bp_");
    }
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("bp_http_request_duration_seconds");
  });

  it("renders once for 40 simultaneous scrapes, and serves a fresh rendering again instead of rendering anew", async () => {
    // Its own registry, whose one gauge holds the rendering open until every scrape has arrived: without sharing,
    // each of the 40 scrapes rendered (and ran every collector: database queries among them).
    const registry = new Registry();
    let renders = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    new Gauge({
      name: "test_gauge",
      help: "held open by the test",
      registers: [registry],
      async collect() {
        renders++;
        await gate;
        this.set(renders);
      },
    });
    const server = await serveMetrics(registry, { host: "127.0.0.1", port: 0, token: null, reuseMs: 60_000 });
    let arrived = 0;
    server.on("request", () => {
      arrived++;
    });
    try {
      const scrapes = Array.from({ length: 40 }, () => fetch(server.url).then(async (r) => [r.status, await r.text()] as const));
      while (arrived < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      const answers = await Promise.all(scrapes);
      expect(answers.map(([status]) => status)).toEqual(Array(40).fill(200));
      expect(new Set(answers.map(([, body]) => body)).size).toBe(1);
      expect(renders).toBe(1);
      expect(server.renders()).toBe(1);
      expect((await fetch(server.url)).status).toBe(200);
      expect(renders).toBe(1);
    } finally {
      server.close();
    }
  });
});
