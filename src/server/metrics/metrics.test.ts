// Prometheus metrics are served on their own listener (METRICS_PORT) and say what an operator needs: request
// durations by route, each cached read's hits and misses, the change feed, the outbox, live streams, the process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer } from "../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
beforeAll(async () => {
  // Every scrape here renders afresh (by default one rendering is served again for a second: metrics-listener.test.ts).
  t = await createTestApp({ METRICS_PORT: "0", HOST: "127.0.0.1" }, { metricsReuseMs: 0 });
});
afterAll(async () => {
  await t.close();
});

const scrape = async () => {
  const url = t.app.metricsUrl;
  if (!url) throw new Error("no metrics listener");
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
};
const sample = (text: string, name: string, labels = "") => {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}` : ""}`) && !l.startsWith("#"));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
};

describe("GET /metrics on METRICS_PORT", () => {
  it("is served on its own port, not through the app's", async () => {
    const url = new URL(t.app.metricsUrl ?? "");
    expect(url.hostname).toBe("127.0.0.1");
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect((await fetch(new URL("/other", url))).status).toBe(404);
  });

  it("reports request durations by route, cache hits and misses per read, the feed, the outbox, streams and the process", async () => {
    const who = await customer(t.app, "metrics.reader@example.com", "Mia Metrics");
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: "GET", url: "/api/profile", headers: { cookie: who.cookie } });
      expect([200, 404]).toContain(res.statusCode);
    }
    await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: who.cookie } });
    await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: who.cookie } });
    const text = await scrape();
    expect(
      sample(text, "bp_http_request_duration_seconds_count", 'method="GET",route="/api/notifications",status_code="200"'),
    ).toBe(2);
    expect(sample(text, "bp_read_cache_misses_total", 'read="notifications"')).toBe(1);
    expect(sample(text, "bp_read_cache_hits_total", 'read="notifications"')).toBe(1);
    expect(sample(text, "bp_read_cache_hits_total", 'read="session"')).toBeGreaterThan(0);
    expect(sample(text, "bp_read_cache_bytes")).toBeGreaterThan(0);
    expect(sample(text, "bp_read_cache_read_bytes", 'read="notifications"')).toBeGreaterThan(0);
    expect(sample(text, "bp_read_cache_read_entries", 'read="notifications"')).toBe(1);
    expect(sample(text, "bp_read_cache_budget_bytes")).toBe(64 * 1024 * 1024);
    expect(sample(text, "bp_change_feed_up")).toBe(1);
    expect(sample(text, "bp_email_outbox_depth")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "bp_email_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "bp_live_streams_open")).toBe(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("# TYPE bp_read_cache_evictions_total counter");
  });

  it("counts the console's views as served from the cache once loaded", async () => {
    const admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: "GET", url: "/api/company/stats", headers: { cookie: admin } })).statusCode).toBe(200);
    }
    const text = await scrape();
    expect(sample(text, "bp_read_cache_misses_total", 'read="company-stats"')).toBe(1);
    expect(sample(text, "bp_read_cache_hits_total", 'read="company-stats"')).toBe(2);
  });
});
