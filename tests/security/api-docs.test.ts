// The API reference is served only for the local demo (the dev mailbox's rule: not production, no SMTP_URL, HOST and
// APP_URL on loopback) or when API_DOCS=1 asks for it: a deployment that forgot NODE_ENV does not publish it.
import { describe, expect, it } from "vitest";
import { createTestApp } from "../setup/test-app";

async function docsStatus(env: Record<string, string>): Promise<number> {
  const t = await createTestApp(env);
  try {
    const json = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(json.statusCode);
    return json.statusCode;
  } finally {
    await t.close();
  }
}

describe("/api/docs", () => {
  it("is off without NODE_ENV when the server listens beyond loopback (the reported case)", async () => {
    expect(await docsStatus({ NODE_ENV: "development", HOST: "0.0.0.0" })).toBe(404);
  });

  it("is off outside production when reached at a public address or when real mail is sent", async () => {
    expect(await docsStatus({ NODE_ENV: "development", APP_URL: "https://portal.example.com" })).toBe(404);
    expect(await docsStatus({ NODE_ENV: "development", SMTP_URL: "smtp://127.0.0.1:9" })).toBe(404);
  });

  it("is on for the local demo, and anywhere with API_DOCS=1; API_DOCS=0 turns it off", async () => {
    expect(await docsStatus({ NODE_ENV: "development" })).toBe(200);
    expect(await docsStatus({ NODE_ENV: "development", HOST: "0.0.0.0", API_DOCS: "1" })).toBe(200);
    expect(await docsStatus({ NODE_ENV: "development", API_DOCS: "0" })).toBe(404);
  });
});
