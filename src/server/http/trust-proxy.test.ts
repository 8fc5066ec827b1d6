import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

describe("behind one proxy (TRUST_PROXY=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts the address the proxy saw, so rotating X-Forwarded-For does not escape the per-IP limit", async () => {
    const through = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-code",
        payload: { email: `rotate${i}@example.com`, name: "Ro Tate" },
        remoteAddress: "10.0.0.5",
        // What the client sent, then what the proxy appended: the client's real address.
        headers: { "x-forwarded-for": `198.51.100.${i % 250}, 203.0.113.7` },
      });
    for (let i = 0; i < 30; i++) expect((await through(i)).statusCode).toBe(200);
    const refused = await through(30);
    expect(refused.statusCode).toBe(429);
    // Another client behind the same proxy is not held back.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "other.client@example.com", name: "Oth Er" },
      remoteAddress: "10.0.0.5",
      headers: { "x-forwarded-for": "203.0.113.8" },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("with no proxy trusted (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("ignores X-Forwarded-For entirely", async () => {
    const from = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-code",
        payload: { email: `direct${i}@example.com`, name: "Di Rect" },
        remoteAddress: "192.0.2.9",
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
    for (let i = 0; i < 30; i++) expect((await from(i)).statusCode).toBe(200);
    expect((await from(30)).statusCode).toBe(429);
  });
});

describe("with the proxies' range trusted (TRUST_PROXY=10.0.0.0/8)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "10.0.0.0/8" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("takes X-Forwarded-For only from the proxies: a direct client rotating it is counted by its own address", async () => {
    const direct = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-code",
        payload: { email: `spoof${i}@example.com`, name: "Sp Oof" },
        remoteAddress: "192.0.2.50",
        headers: { "x-forwarded-for": `10.1.2.${i}` },
      });
    for (let i = 0; i < 30; i++) expect((await direct(i)).statusCode).toBe(200);
    expect((await direct(30)).statusCode).toBe(429);
  });
});
