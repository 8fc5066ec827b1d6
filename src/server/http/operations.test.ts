import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("operations endpoints", () => {
  it("answers /healthz while the process is up", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz when the database answers, with the release's version (package.json's)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(res.json()).toEqual({ status: "ready", version });
  });

  it("tags every answer with a request id, reusing a well-formed incoming one", async () => {
    const fresh = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "trace-1234567" } });
    expect(given.headers["x-request-id"]).toBe("trace-1234567");
    const hostile = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "bad id\u0001" } });
    // A malformed id is replaced by a generated one (a random id may contain "bad" itself: compare the shape).
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    const csp = String(res.headers["content-security-policy"]);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "frame-src https:"]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("adds HSTS for one year when the app is served over https", async () => {
    const secure = await createTestApp({ APP_URL: "https://portal.example.com" });
    try {
      const res = await secure.app.inject({ method: "GET", url: "/healthz" });
      expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    } finally {
      await secure.close();
    }
  });

  it("answers unknown API paths with the JSON 404 shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "Not found", code: "NOT_FOUND" });
  });

  it("answers an over-long path parameter in the JSON error shape, not the router's own", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/projects/${"a".repeat(300)}/requirements` });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty("message");
    expect(res.json()).toHaveProperty("code");
    expect(res.json().code).not.toBe("FST_ERR_MAX_PARAM_LENGTH");
  });

  it("publishes an OpenAPI document generated from the route schemas, and a browsable reference", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = doc.json().paths as Record<string, unknown>;
    for (const path of [
      "/api/auth/request-code",
      "/api/auth/verify-code",
      "/api/auth/user",
      "/api/auth/logout",
      "/healthz",
      "/readyz",
    ]) {
      expect(paths).toHaveProperty(path);
    }
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain("swagger");
  });

  it("serves no API reference in production unless API_DOCS=1", async () => {
    const production = { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9", DEMO_EMAIL: "" };
    const off = await createTestApp(production);
    try {
      expect((await off.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
      expect((await off.app.inject({ method: "GET", url: "/api/docs/" })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp({ ...production, API_DOCS: "1" });
    try {
      expect((await on.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
