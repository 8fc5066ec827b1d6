// Configuration: read from the environment once at start. A bad value stops the start.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { DEFAULT_BOOKING_URL } from "../shared/constants/marketing";
import { secureDataDir } from "./data-dir";
import { identityFromP12 } from "./documents/signing-identity";

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

/** One proxy address or range: an IPv4/IPv6 address, optionally with a CIDR prefix length. */
function isAddressOrRange(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Address ranges of relays whose Authentication-Results header is trusted, parsed from INBOUND_TRUSTED_RELAYS. */
export type TrustedRelays = ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

function parseTrustedRelays(list: string): TrustedRelays {
  return list
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const range = entry.includes("/") ? ipaddr.parseCIDR(entry) : ipaddr.parse(entry);
      if (Array.isArray(range)) return range;
      return [range, range.kind() === "ipv4" ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
    });
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none, a hop count, or the proxies'
 * addresses/ranges. "Trust everything" would let any client pick its own address and slip every per-IP limit.
 */
const trustProxySchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (/^(true|yes|\*)$/i.test(value)) {
      ctx.addIssue({
        code: "custom",
        message:
          "must not trust every address: give the number of proxies in front of the server (e.g. 1) or their addresses/CIDR ranges (e.g. 10.0.0.0/8)",
      });
      return;
    }
    if (/^(false|no|\d+)$/i.test(value)) return;
    if (!value.split(",").every((part) => isAddressOrRange(part.trim()))) {
      ctx.addIssue({ code: "custom", message: "must be false, a hop count (e.g. 1) or comma-separated addresses/CIDR ranges" });
    }
  })
  .transform((value): TrustProxy => {
    if (/^(false|no|0)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(",").map((part) => part.trim());
  });

/** What Fastify's trustProxy takes: never `true`. */
export type TrustProxy = false | number | string[];

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
  READ_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z
    .string()
    .refine(
      (value) => ipaddr.isValid(value) || value === "localhost",
      "must be an IP address to listen on (default 127.0.0.1), e.g. 10.0.0.5 for a private network",
    )
    .default("127.0.0.1"),
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{16,256}$/, "must be 16 to 256 characters with no spaces (letters, digits, . _ ~ + / = -)")
    .optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default("127.0.0.1"),
  INBOUND_TRUSTED_RELAYS: z
    .string()
    .refine(
      (value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every((entry) => (entry.includes("/") ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry))),
      "must be IP addresses or CIDR ranges separated by commas",
    )
    .default(""),
  INBOUND_AUTHSERV_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, "must be the authserv-id your relay writes first in Authentication-Results (a host name)")
    .optional(),
  REPLY_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i, "must be a domain name")
    .optional(),
  DEV_MAILBOX: booleanString.optional(),
  API_DOCS: booleanString.optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  S3_URL: z
    .string()
    .refine(
      (value) => /^(s3|https?):\/\/[^:@/]+:[^@/]+@[^/]+/.test(value),
      "must be s3://KEY:SECRET@BUCKET or http(s)://KEY:SECRET@HOST[:PORT]/BUCKET (optionally ?region=...)",
    )
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  PROTOTYPE_FRAME_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((url) => new URL(url).origin)))
    .default([]),
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ""),
        )
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.:-]+$/, "must be a comma list of host names or IP addresses (no scheme or port)")))
    .default([]),
  SIGNING_P12: z.string().optional(),
  SIGNING_P12_PASSWORD: z.string().optional(),
  TSA_URL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL")
    .default("https://api.stripe.com"),
});

/** Where the file store keeps bytes: the database (default) or an S3-compatible bucket. */
export type FileStorageConfig =
  | { backend: "database" }
  | {
      backend: "s3";
      /** null = AWS itself; otherwise an S3-compatible server addressed path-style. */
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

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
  /** Serve the outbox at /dev/mailbox (never with SMTP_URL, never in production). */
  devMailbox: boolean;
  /** Serve the API reference at /api/docs: by default only for the local demo (like the dev mailbox), or API_DOCS=1. */
  apiDocs: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  secretKey: string;
  ai: { baseUrl: string | null; apiKey: string | null; model: string; timeoutMs: number };
  calendly: { token: string | null; apiUrl: string; bookingUrl: string };
  /** Replies to notification emails (reply+<token>@replyDomain) received by the built-in SMTP endpoint; null = off. */
  inboundEmail: {
    port: number;
    host: string;
    replyDomain: string;
    trustedRelays: TrustedRelays;
    /** The authserv-id a trusted relay's Authentication-Results must name (RFC 8601), lower case. */
    authservId: string;
  } | null;
  trustProxy: TrustProxy;
  logLevel: string;
  /** The read caches' memory budget in bytes, shared by all of them (0: caches off). */
  readCacheBytes: number;
  /** Prometheus metrics on their own listener at `host` (null: off). */
  /** The Prometheus listener (METRICS_PORT on METRICS_HOST, METRICS_TOKEN as a bearer token), or null: off. */
  metrics: { port: number; host: string; token: string | null } | null;
  /** After SIGTERM, how long /readyz answers 503 while requests are still served, before the process closes. */
  shutdownDrainSeconds: number;
  fileStorage: FileStorageConfig;
  /** Extra origins the prototype viewer may frame besides https ones (local prototypes, browser tests). */
  prototypeFrameOrigins: string[];
  /** Hosts outgoing webhooks may reach although private or loopback, and over http (local receivers, tests). */
  webhookAllowedHosts: string[];
  /** The PKCS#12 that seals issued PDFs; null = the installation's self-signed one in DATA_DIR. */
  signing: { p12: Buffer | null; password: string };
  /** Card payments by Stripe Checkout (both keys set); null = the pasted payment links only. */
  stripe: StripeConfig | null;
};

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string };

export class ConfigError extends Error {}

/** Treats empty strings as unset, so `FOO=` in a shell means "use the default". */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && (value !== "" || key === "DEMO_EMAIL")) out[key] = value;
  }
  return out;
}

/**
 * The data folder holds the embedded database and the generated key: owner only (0700), created when missing
 * (nested too), tightened when it exists wider. A folder that cannot be made stops the start with a clear message.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    secureDataDir(dataDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid("DATA_DIR", `cannot create or secure ${dataDir} (${reason})`);
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret-key");
  try {
    const secret = readFileSync(file, "utf8").trim();
    chmodSync(file, 0o600);
    return secret;
  } catch {
    const secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** S3_URL wins; otherwise the separate S3_* variables, which need a bucket and both keys. */
function fileStorageFrom(e: z.infer<typeof envSchema>): FileStorageConfig {
  if (e.S3_URL) {
    const url = new URL(e.S3_URL);
    const accessKeyId = decodeURIComponent(url.username);
    const secretAccessKey = decodeURIComponent(url.password);
    const region = url.searchParams.get("region") ?? e.S3_REGION;
    if (url.protocol === "s3:")
      return { backend: "s3", endpoint: null, bucket: url.hostname, region, accessKeyId, secretAccessKey };
    const bucket = url.pathname.replace(/^\/+|\/+$/g, "");
    if (!bucket) throw new ConfigError("Invalid configuration:\n  S3_URL: names no bucket (http(s)://KEY:SECRET@HOST/BUCKET)");
    return { backend: "s3", endpoint: `${url.protocol}//${url.host}`, bucket, region, accessKeyId, secretAccessKey };
  }
  const any = e.S3_ENDPOINT || e.S3_BUCKET || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY;
  if (!any) return { backend: "database" };
  const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when S3 storage is configured`).join("\n")}`,
    );
  }
  return {
    backend: "s3",
    endpoint: e.S3_ENDPOINT ?? null,
    bucket: e.S3_BUCKET ?? "",
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
  };
}

/**
 * SIGNING_P12 is a file path, or `base64:` and the file's content (for platforms that only pass variables). The
 * file is read and opened here, so a wrong path or password stops the start instead of the first signed download.
 */
function signingFrom(e: z.infer<typeof envSchema>): Config["signing"] {
  // Refused rather than ignored, so nobody believes their documents are time-stamped.
  if (e.TSA_URL) throw invalid("TSA_URL", "time stamps are not supported yet; unset it (documents are signed without one)");
  const password = e.SIGNING_P12_PASSWORD ?? "";
  if (!e.SIGNING_P12) {
    if (e.SIGNING_P12_PASSWORD !== undefined) throw invalid("SIGNING_P12_PASSWORD", "set without SIGNING_P12");
    return { p12: null, password };
  }
  let p12: Buffer;
  if (e.SIGNING_P12.startsWith("base64:")) {
    p12 = Buffer.from(e.SIGNING_P12.slice("base64:".length), "base64");
  } else {
    try {
      p12 = readFileSync(e.SIGNING_P12);
    } catch (error) {
      throw invalid("SIGNING_P12", `cannot read ${e.SIGNING_P12} (${(error as Error).message})`);
    }
  }
  try {
    identityFromP12(p12, password);
  } catch (error) {
    throw invalid(
      "SIGNING_P12",
      `is not a usable PKCS#12 file with SIGNING_P12_PASSWORD (${(error as Error).message}): it must hold an RSA key and its certificate`,
    );
  }
  return { p12, password };
}

/** Both Stripe keys, or neither: one without the other would take payments nobody can confirm (or the reverse). */
function stripeFrom(e: z.infer<typeof envSchema>): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) return null;
  if (!e.STRIPE_SECRET_KEY)
    throw invalid("STRIPE_SECRET_KEY", "required when STRIPE_WEBHOOK_SECRET is set (set both for card payments, or neither)");
  if (!e.STRIPE_WEBHOOK_SECRET)
    throw invalid("STRIPE_WEBHOOK_SECRET", "required when STRIPE_SECRET_KEY is set (set both for card payments, or neither)");
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL.replace(/\/$/, "") };
}

const LOOPBACK_HOSTS = new Set(["localhost", "::1", "[::1]"]);

function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The local demo (outbox readable at /dev/mailbox, the demo account, the API reference) is on by default only where nobody else can
 * reach it: no SMTP_URL, not production, listening on loopback and reached at a loopback address. `npm start` on a
 * fresh machine is exactly that; a deployment that forgot NODE_ENV is not.
 */
function isLocalDemo(e: z.infer<typeof envSchema>, appUrl: string): boolean {
  return e.NODE_ENV !== "production" && !e.SMTP_URL && isLoopback(e.HOST) && isLoopback(new URL(appUrl).hostname);
}

function invalid(variable: string, message: string): ConfigError {
  return new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
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
  if (isProduction && !e.SMTP_URL) {
    throw invalid(
      "SMTP_URL",
      "required in production (without it no email leaves the server: nobody could receive a sign-in code)",
    );
  }
  if (e.METRICS_PORT !== undefined && !isLoopback(e.METRICS_HOST) && !e.METRICS_TOKEN) {
    throw invalid(
      "METRICS_HOST",
      `${e.METRICS_HOST} is reachable from other machines: set METRICS_TOKEN too (scrapers send it as a bearer token)`,
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  if (e.DEV_MAILBOX && e.SMTP_URL) {
    throw invalid("DEV_MAILBOX", "cannot be on when SMTP_URL is set (real emails must not be readable at /dev/mailbox)");
  }
  if (e.DEV_MAILBOX && isProduction) throw invalid("DEV_MAILBOX", "cannot be on in production");
  const devMailbox = e.DEV_MAILBOX ?? isLocalDemo(e, appUrl);
  // The demo account comes with the local demo, or where DEMO_EMAIL names it explicitly.
  const demoEmail = e.DEMO_EMAIL === undefined ? (devMailbox ? "demo@blueprint.local" : null) : e.DEMO_EMAIL || null;
  const dataDir = path.resolve(e.DATA_DIR);
  if (!e.DATABASE_URL || !e.SECRET_KEY) prepareDataDir(dataDir);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    secureCookies: appUrl.startsWith("https://"),
    databaseUrl: e.DATABASE_URL ?? `pglite://${path.resolve(e.DATA_DIR, "pglite")}`,
    dataDir,
    adminEmails: e.ADMIN_EMAILS,
    demoEmail: demoEmail?.toLowerCase() ?? null,
    devMailbox,
    apiDocs: e.API_DOCS ?? isLocalDemo(e, appUrl),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    secretKey: e.SECRET_KEY ?? readOrCreateSecret(dataDir),
    ai: { baseUrl: e.AI_BASE_URL ?? null, apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    calendly: { token: e.CALENDLY_TOKEN ?? null, apiUrl: e.CALENDLY_API_URL, bookingUrl: e.CALENDLY_BOOKING_URL },
    inboundEmail:
      e.INBOUND_SMTP_PORT !== undefined && e.REPLY_DOMAIN !== undefined
        ? {
            port: e.INBOUND_SMTP_PORT,
            host: e.INBOUND_SMTP_HOST,
            replyDomain: e.REPLY_DOMAIN.toLowerCase(),
            trustedRelays: parseTrustedRelays(e.INBOUND_TRUSTED_RELAYS),
            authservId: (e.INBOUND_AUTHSERV_ID ?? e.REPLY_DOMAIN).toLowerCase(),
          }
        : null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    readCacheBytes: e.READ_CACHE_MB * 1024 * 1024,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (isProduction ? 5 : 0),
    fileStorage: fileStorageFrom(e),
    prototypeFrameOrigins: e.PROTOTYPE_FRAME_ORIGINS,
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
    signing: signingFrom(e),
    stripe: stripeFrom(e),
  };
}
