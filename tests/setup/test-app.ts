// Builds the real app on a fresh test database, and signs people in through the real sign-in routes.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type BuildAppOptions, buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { renderEmailOf } from "../../src/server/email/kinds";
import type { EmailMessage } from "../../src/server/email/outbox";
import { codeIn } from "./smtp";
import { openTestDatabase } from "./test-database";
import { TEST_ENV } from "./test-env";

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    serveClient?: boolean;
    clientDir?: string;
    logStream?: { write(line: string): void };
    dnsResolver?: BuildAppOptions["dnsResolver"];
    metricsReuseMs?: number;
    webhookDelivery?: BuildAppOptions["webhookDelivery"];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = await buildApp({
    config,
    database,
    serveClient: options.serveClient ?? false,
    clientDir: options.clientDir,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    scheduledJobs: false,
    dnsResolver: options.dnsResolver,
    metricsReuseMs: options.metricsReuseMs,
    webhookDelivery: options.webhookDelivery,
  });
  await app.ready();
  recordQueuedEmails(app);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers["set-cookie"];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

/** The `name=value` of the session cookie a response set (the first cookie when none is named like a session). */
export function cookieFrom(response: LightMyRequestResponse): string {
  const all = setCookieHeaders(response).map((line) => line.split(";")[0] ?? "");
  const session = all.find((pair) => /^(__Host-)?bp_session=/.test(pair)) ?? all[0];
  if (!session) throw new Error("no session cookie was set");
  return session;
}

export type TestBrowser = {
  /** app.inject with the cookies this browser holds; keeps what the answer sets or clears. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The Cookie header this browser would send now. */
  cookieHeader(): string;
};

/** One browser's cookie jar over app.inject: the pre-sign-in and session cookies travel like in Chromium. */
export function browserFor(app: FastifyInstance, defaults: { remoteAddress?: string } = {}): TestBrowser {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    cookieHeader,
    async inject(options) {
      const cookie = cookieHeader();
      const headers = { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) };
      const response = await app.inject({ ...defaults, ...options, headers });
      for (const line of setCookieHeaders(response)) {
        const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
        const at = pair.indexOf("=");
        const name = pair.slice(0, at);
        const value = pair.slice(at + 1);
        const expired = attributes.some(
          (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
        );
        if (!value || expired) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    },
  };
}

const queuedEmails = new WeakMap<FastifyInstance, EmailMessage[]>();

/**
 * Keeps a copy of every message the app queues: with SMTP_URL set the outbox row loses its body once delivered,
 * so tests read codes from this copy (the message still goes through the real outbox and worker).
 */
export function recordQueuedEmails(app: FastifyInstance): void {
  const queued: EmailMessage[] = [];
  const outbox = app.ctx.email;
  app.ctx.email = {
    async enqueue(message, tx) {
      await outbox.enqueue(message, tx);
      queued.push(message);
    },
  };
  queuedEmails.set(app, queued);
}

/** The code in the latest code email (sign-in or NDA) queued to this address, from its plain-text body. */
export async function latestCodeFor(app: FastifyInstance, email: string): Promise<string> {
  const to = email.toLowerCase();
  const mail = (queuedEmails.get(app) ?? []).findLast((m) => m.to === to && "code" in m.data);
  if (!mail || !("code" in mail.data)) throw new Error(`no code was emailed to ${email}`);
  return codeIn(renderEmailOf(mail, app.ctx.config.appUrl).text);
}

/** Signs in through POST /api/auth/request-code and /verify-code in one browser; returns the Cookie header value. */
export async function signIn(app: FastifyInstance, email: string, name = "Test Person"): Promise<string> {
  const browser = browserFor(app);
  const requested = await browser.inject({ method: "POST", url: "/api/auth/request-code", payload: { email, name } });
  if (requested.statusCode !== 200) throw new Error(`request-code failed: ${requested.body}`);
  const code = requested.json().isDemoAccount ? "000000" : await latestCodeFor(app, email);
  const verified = await browser.inject({ method: "POST", url: "/api/auth/verify-code", payload: { email, code } });
  if (verified.statusCode !== 200) throw new Error(`verify-code failed: ${verified.body}`);
  return cookieFrom(verified);
}
