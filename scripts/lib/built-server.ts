// Runs the built server (dist/server/main.js) for scripts that measure or photograph it, and the Chromium they use.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CHROMIUM_ARGS } from "./chromium-args";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** For a Chromium started directly (Lighthouse's chrome-launcher); Playwright adds its own headless switch. */
export const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

/** Polls GET /readyz until the server answers 200; returns the milliseconds it took. */
export async function waitForReady(base: string, child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error("the server did not become ready");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The built server in its own process (in-process, Lighthouse's work would delay its answers and skew the timings):
 * production settings, in-memory database. It is started through an environment variable so that its command line
 * does not name the server file, which tools that stop servers by name would otherwise match.
 */
export async function startBuiltServer(port: number, extraEnv: Record<string, string> = {}): Promise<{ close(): Promise<void> }> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", "await import(process.env.BP_SERVER_ENTRY)"], {
    env: {
      ...process.env,
      BP_SERVER_ENTRY: pathToFileURL(path.resolve("dist/server/main.js")).href,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: "memory://",
      SECRET_KEY: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Up to two minutes: on a busy machine the in-memory database takes a while to migrate.
  for (let i = 0; i < 480; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { close: async () => void child.kill("SIGTERM") };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error("the server did not start: run `npm run build` first");
}
