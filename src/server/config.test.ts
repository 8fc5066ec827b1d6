import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const base = { SECRET_KEY: "x".repeat(40), DATABASE_URL: "memory://" };

describe("configuration", () => {
  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ ADMIN_EMAILS: "admin@example.com, not-an-email" }, "ADMIN_EMAILS"],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL"],
    [{ SECRET_KEY: "short" }, "SECRET_KEY"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ INBOUND_SMTP_PORT: "2525" }, "INBOUND_SMTP_PORT, REPLY_DOMAIN"],
    [{ INBOUND_SMTP_PORT: "2525", REPLY_DOMAIN: "not a domain" }, "REPLY_DOMAIN"],
  ])("stops with a message naming the variable for %j", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${variable}:`));
  });

  it("requires SECRET_KEY in production and leaves the demo account off there unless set", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "memory://" })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ ...base, NODE_ENV: "production" }).demoEmail).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: "production", DEMO_EMAIL: "demo@acme.com" }).demoEmail).toBe("demo@acme.com");
  });

  it("turns inbound email on only with both INBOUND_SMTP_PORT and REPLY_DOMAIN", () => {
    expect(loadConfig(base).inboundEmail).toBeNull();
    expect(loadConfig({ ...base, INBOUND_SMTP_PORT: "2525", REPLY_DOMAIN: "Replies.Example.com" }).inboundEmail).toEqual({
      port: 2525,
      host: "127.0.0.1",
      replyDomain: "replies.example.com",
    });
  });

  it("uses the documented defaults", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.adminEmails).toEqual(["admin@blueprint.local"]);
    expect(config.demoEmail).toBe("demo@blueprint.local");
    expect(config.secureCookies).toBe(false);
    expect(config.smtpUrl).toBeNull();
  });

  it("uses secure __Host- cookies when APP_URL is https", () => {
    expect(loadConfig({ ...base, APP_URL: "https://portal.example.com" }).secureCookies).toBe(true);
  });
});
