// Configuration: read from the environment once at start (DESIGN.md §2). A bad value stops the start.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_BOOKING_URL } from "../shared/constants/marketing";
import { dataDirProblem } from "./data-dir";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .refine(
      (value) => value === "memory://" || /^postgres(ql)?:\/\//.test(value),
      "must be memory:// or a postgres:// connection string",
    )
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  ADMIN_EMAILS: emailList.default(["admin@blueprint.local"]),
  DEMO_EMAIL: z.union([z.literal(""), z.email()]).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Blueprint <no-reply@blueprint.local>"),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  CALENDLY_TOKEN: z.string().optional(),
  CALENDLY_API_URL: z.url().default("https://api.calendly.com"),
  CALENDLY_BOOKING_URL: z.url().default(DEFAULT_BOOKING_URL),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).optional(),
  REPLY_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i, "must be a domain name")
    .optional(),
  TRUST_PROXY: booleanString.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  appOrigin: string;
  secureCookies: boolean;
  databaseUrl: string;
  dataDir: string;
  adminEmails: string[];
  demoEmail: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  secretKey: string;
  ai: { baseUrl: string | null; apiKey: string | null; model: string; timeoutMs: number };
  calendly: { token: string | null; apiUrl: string; bookingUrl: string };
  /** Replies to notification emails (reply+<token>@replyDomain) received by the built-in SMTP endpoint; null = off. */
  inboundEmail: { port: number; host: string; replyDomain: string } | null;
  trustProxy: boolean;
  logLevel: string;
};

export class ConfigError extends Error {}

/** Treats empty strings as unset, so `FOO=` in a shell means "use the default". */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && (value !== "" || key === "DEMO_EMAIL")) out[key] = value;
  }
  return out;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret-key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const problem = dataDirProblem(dataDir);
    if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0] ?? "environment")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.SECRET_KEY) {
    throw new ConfigError("Invalid configuration:\n  SECRET_KEY: required in production (at least 32 characters)");
  }
  if ((e.INBOUND_SMTP_PORT === undefined) !== (e.REPLY_DOMAIN === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  INBOUND_SMTP_PORT, REPLY_DOMAIN: set both to receive email replies, or neither to keep it off",
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const demoEmail = e.DEMO_EMAIL === undefined ? (isProduction ? null : "demo@blueprint.local") : e.DEMO_EMAIL || null;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    secureCookies: appUrl.startsWith("https://"),
    databaseUrl: e.DATABASE_URL ?? `pglite://${path.resolve(e.DATA_DIR, "pglite")}`,
    dataDir: path.resolve(e.DATA_DIR),
    adminEmails: e.ADMIN_EMAILS,
    demoEmail: demoEmail?.toLowerCase() ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    secretKey: e.SECRET_KEY ?? readOrCreateSecret(path.resolve(e.DATA_DIR)),
    ai: { baseUrl: e.AI_BASE_URL ?? null, apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    calendly: { token: e.CALENDLY_TOKEN ?? null, apiUrl: e.CALENDLY_API_URL, bookingUrl: e.CALENDLY_BOOKING_URL },
    inboundEmail:
      e.INBOUND_SMTP_PORT !== undefined && e.REPLY_DOMAIN !== undefined
        ? { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST ?? e.HOST, replyDomain: e.REPLY_DOMAIN.toLowerCase() }
        : null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
