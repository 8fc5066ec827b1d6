// Builds the real app on a fresh test database, and signs people in through the real sign-in routes.
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { outgoingEmails } from "../../src/server/db/schema";
import { openTestDatabase } from "./test-database";

export const TEST_ENV = {
  NODE_ENV: "test",
  SECRET_KEY: "test-secret-key-that-is-long-enough-0123456789",
  ADMIN_EMAILS: "admin@blueprint.local",
  DEMO_EMAIL: "demo@blueprint.local",
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  DATABASE_URL: "memory://",
} as const;

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

export async function createTestApp(
  env: Record<string, string> = {},
  options: { serveClient?: boolean; clientDir?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = await buildApp({
    config,
    database,
    serveClient: options.serveClient ?? false,
    clientDir: options.clientDir,
    logger: false,
    statusScheduler: false,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error("no session cookie was set");
  return first.split(";")[0] ?? "";
}

/** The code in the latest sign-in email for this address, read from the outbox. */
export async function latestCodeFor(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.ctx.db
    .select({ subject: outgoingEmails.subject })
    .from(outgoingEmails)
    .where(eq(outgoingEmails.toAddress, email.toLowerCase()))
    .orderBy(desc(outgoingEmails.createdAt))
    .limit(1);
  const code = mail?.subject.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code was emailed to ${email}`);
  return code;
}

/** Signs in through POST /api/auth/request-code and /verify-code; returns the Cookie header value. */
export async function signIn(app: FastifyInstance, email: string, name = "Test Person"): Promise<string> {
  const requested = await app.inject({ method: "POST", url: "/api/auth/request-code", payload: { email, name } });
  if (requested.statusCode !== 200) throw new Error(`request-code failed: ${requested.body}`);
  const code = requested.json().isDemoAccount ? "000000" : await latestCodeFor(app, email);
  const verified = await app.inject({ method: "POST", url: "/api/auth/verify-code", payload: { email, code } });
  if (verified.statusCode !== 200) throw new Error(`verify-code failed: ${verified.body}`);
  return cookieFrom(verified);
}
