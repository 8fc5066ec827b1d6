import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const base = { SECRET_KEY: "x".repeat(40), DATABASE_URL: "memory://" };

describe("configuration", () => {
  it("sizes the read caches in MB (64 by default, 0 turns them off) and keeps metrics off unless METRICS_PORT is set", () => {
    expect(loadConfig(base).readCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ ...base, READ_CACHE_MB: "0" }).readCacheBytes).toBe(0);
    expect(loadConfig(base).metrics).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1", token: null });
  });

  it("binds metrics to METRICS_HOST, never HOST, and asks for METRICS_TOKEN where other machines can reach them", () => {
    expect(loadConfig({ ...base, HOST: "0.0.0.0", METRICS_PORT: "9464" }).metrics?.host).toBe("127.0.0.1");
    const token = "scrape-token-0123456789";
    expect(loadConfig({ ...base, METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5", METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
      token,
    });
    expect(() => loadConfig({ ...base, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toThrow(/METRICS_HOST:.*METRICS_TOKEN/);
  });

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
    [{ READ_CACHE_MB: "-1" }, "READ_CACHE_MB"],
    [{ METRICS_PORT: "metrics" }, "METRICS_PORT"],
    [{ METRICS_PORT: "9464", METRICS_HOST: "metrics box" }, "METRICS_HOST"],
    [{ METRICS_PORT: "9464", METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ METRICS_PORT: "9464", METRICS_TOKEN: "has spaces in the token value" }, "METRICS_TOKEN"],
    [{ STRIPE_SECRET_KEY: "sk_test_1" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_1" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1", STRIPE_API_URL: "ftp://x" }, "STRIPE_API_URL"],
    [
      { INBOUND_SMTP_PORT: "2525", REPLY_DOMAIN: "r.example.com", INBOUND_TRUSTED_RELAYS: "10.0.0.1, mx" },
      "INBOUND_TRUSTED_RELAYS",
    ],
  ])("stops with a message naming the variable for %j", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${variable}:`));
  });

  it("requires SECRET_KEY in production and leaves the demo account off there unless set", () => {
    const smtp = { SMTP_URL: "smtp://mail.example.com" };
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "memory://", ...smtp })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ ...base, ...smtp, NODE_ENV: "production" }).demoEmail).toBeNull();
    expect(loadConfig({ ...base, ...smtp, NODE_ENV: "production", DEMO_EMAIL: "demo@acme.com" }).demoEmail).toBe("demo@acme.com");
  });

  it("refuses to start in production without SMTP_URL, saying why", () => {
    expect(() => loadConfig({ ...base, NODE_ENV: "production" })).toThrow(/SMTP_URL: required in production/);
  });

  describe("DATA_DIR", () => {
    let root = "";
    beforeEach(() => {
      root = mkdtempSync(path.join(tmpdir(), "bp-config-"));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it("is created, nested, with mode 0700 when the embedded database needs it (also in production)", () => {
      const dir = path.join(root, "missing", "data");
      loadConfig({ SECRET_KEY: "x".repeat(40), NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com", DATA_DIR: dir });
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    });

    it("is tightened to 0700 when it exists with wider permissions, and the generated key is 0600", () => {
      const dir = path.join(root, "data");
      mkdirSync(dir, { mode: 0o755 });
      chmodSync(dir, 0o755);
      loadConfig({ DATA_DIR: dir });
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dir, "secret-key")).mode & 0o777).toBe(0o600);
    });

    it("stops with a message naming DATA_DIR when it cannot be created", () => {
      const file = path.join(root, "a-file");
      writeFileSync(file, "");
      expect(() => loadConfig({ DATA_DIR: path.join(file, "data") })).toThrow(/DATA_DIR:/);
    });
  });

  it("turns Stripe payments on only with both keys, at api.stripe.com unless STRIPE_API_URL says otherwise", () => {
    expect(loadConfig(base).stripe).toBeNull();
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }).stripe).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      apiUrl: "https://api.stripe.com",
    });
    expect(
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        STRIPE_API_URL: "http://127.0.0.1:4010/",
      }).stripe?.apiUrl,
    ).toBe("http://127.0.0.1:4010");
  });

  it("lets outgoing webhooks reach no private host unless WEBHOOK_ALLOWED_HOSTS lists it (lower case, brackets off)", () => {
    expect(loadConfig(base).webhookAllowedHosts).toEqual([]);
    expect(loadConfig({ ...base, WEBHOOK_ALLOWED_HOSTS: "127.0.0.1, Receiver.Local ,[::1]" }).webhookAllowedHosts).toEqual([
      "127.0.0.1",
      "receiver.local",
      "::1",
    ]);
    expect(() => loadConfig({ ...base, WEBHOOK_ALLOWED_HOSTS: "http://127.0.0.1:8080" })).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
  });

  it("turns inbound email on only with both INBOUND_SMTP_PORT and REPLY_DOMAIN", () => {
    expect(loadConfig(base).inboundEmail).toBeNull();
    expect(loadConfig({ ...base, INBOUND_SMTP_PORT: "2525", REPLY_DOMAIN: "Replies.Example.com" }).inboundEmail).toEqual({
      port: 2525,
      host: "127.0.0.1",
      replyDomain: "replies.example.com",
      trustedRelays: [],
      authservId: "replies.example.com",
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

  describe("TRUST_PROXY", () => {
    it("takes a hop count or the proxies' addresses and ranges", () => {
      expect(loadConfig(base).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: "false" }).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: "0" }).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
      expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe(2);
      expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, 192.168.1.10,::1, fd00::/8" }).trustProxy).toEqual([
        "10.0.0.0/8",
        "192.168.1.10",
        "::1",
        "fd00::/8",
      ]);
    });

    it.each(["true", "yes", "*", "10.0.0.0/33", "proxy.example.com", "-1", "1.5"])(
      "refuses %j with a message naming the variable (never trust every address)",
      (value) => {
        expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
      },
    );
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
