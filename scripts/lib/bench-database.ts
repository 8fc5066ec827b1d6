// The benchmarks' database: a throwaway PostgreSQL database, seeded by scripts/seed.ts, and sessions made directly in
// it (as the sign-in route makes them) so that measured clients skip the emailed code.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { type Config, loadConfig } from "../../src/server/config";

const LOCAL_POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** BENCH_DATABASE_URL when set (kept), else a new database on the local PostgreSQL that cleanup() drops. */
export async function throwawayDatabase(): Promise<{ url: string; cleanup(): Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, cleanup: async () => {} };
  const name = `bp_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 3000 });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(LOCAL_POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async cleanup() {
      const client = new pg.Client({ connectionString: LOCAL_POSTGRES });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Migrates and seeds with `npm run seed` (the samples, plus bulk rows when `scale` is given); returns the seconds taken. */
export async function seedDatabase(url: string, scale?: { customers: number; projects: number }): Promise<number> {
  const started = performance.now();
  const args = ["--import", "tsx", "scripts/seed.ts"];
  if (scale) args.push("--customers", String(scale.customers), "--projects", String(scale.projects));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`scripts/seed.ts exited ${code}`))));
  });
  return Math.round((performance.now() - started) / 100) / 10;
}

/** A session row for an existing user, as the sign-in route makes it; returns the cookie. */
export async function sessionFor(client: pg.Client, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await client.query(
    `insert into sessions (id, user_id, expires_at, idle_seconds)
     select $1, id, now() + interval '1 day', 86400 from users where lower(email) = lower($2)`,
    [createHash("sha256").update(token).digest("hex"), email],
  );
  return `bp_session=${token}`;
}

/** A production configuration on the bench's database: silent, a fresh key, mail to a closed port. */
export function benchConfig(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: "smtp://127.0.0.1:9",
    APP_URL: "http://127.0.0.1:9",
    LOG_LEVEL: "silent",
    ...extra,
  });
}
