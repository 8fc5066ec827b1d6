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
  ])("stops with a message naming the variable for %j", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${variable}:`));
  });

  it("requires SECRET_KEY in production and leaves the demo account off there unless set", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "memory://" })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ ...base, NODE_ENV: "production" }).demoEmail).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: "production", DEMO_EMAIL: "demo@acme.com" }).demoEmail).toBe("demo@acme.com");
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

  describe("development features (/dev/mailbox and the demo account)", () => {
    it("are on for `npm start` on a fresh machine: no SMTP_URL, listening and reached on loopback", () => {
      const config = loadConfig(base);
      expect(config.devMailbox).toBe(true);
      expect(config.demoEmail).toBe("demo@blueprint.local");
    });

    it("are never on by default when SMTP_URL is set, even outside production", () => {
      const config = loadConfig({ ...base, NODE_ENV: "development", SMTP_URL: "smtp://mail.example.com:587" });
      expect(config.devMailbox).toBe(false);
      expect(config.demoEmail).toBeNull();
    });

    it("refuse DEV_MAILBOX=1 together with SMTP_URL or in production, naming the variable", () => {
      expect(() => loadConfig({ ...base, DEV_MAILBOX: "1", SMTP_URL: "smtp://mail.example.com" })).toThrow(/DEV_MAILBOX:/);
      expect(() =>
        loadConfig({ ...base, NODE_ENV: "production", DEV_MAILBOX: "1", SMTP_URL: "smtp://mail.example.com" }),
      ).toThrow(/DEV_MAILBOX:/);
    });

    it("are off by default when the server listens beyond loopback or its public address is not local", () => {
      expect(loadConfig({ ...base, HOST: "0.0.0.0" }).devMailbox).toBe(false);
      expect(loadConfig({ ...base, HOST: "0.0.0.0" }).demoEmail).toBeNull();
      expect(loadConfig({ ...base, APP_URL: "https://portal.example.com" }).devMailbox).toBe(false);
      expect(loadConfig({ ...base, HOST: "::1" }).devMailbox).toBe(true);
    });

    it("follow an explicit choice: DEV_MAILBOX=1 beyond loopback, DEV_MAILBOX=0 and an explicit DEMO_EMAIL", () => {
      expect(loadConfig({ ...base, HOST: "0.0.0.0", DEV_MAILBOX: "1" }).devMailbox).toBe(true);
      expect(loadConfig({ ...base, DEV_MAILBOX: "0" }).devMailbox).toBe(false);
      expect(loadConfig({ ...base, DEV_MAILBOX: "0" }).demoEmail).toBeNull();
      expect(loadConfig({ ...base, SMTP_URL: "smtp://mail.example.com", DEMO_EMAIL: "demo@acme.com" }).demoEmail).toBe(
        "demo@acme.com",
      );
    });
  });
});
