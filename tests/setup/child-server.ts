// The server as its own process, for tests that signal it, watch it exit or start it on a broken DATA_DIR: the build's
// dist/server/main.js when it was built from the sources as they are (npm test builds first), else src/server/main.ts
// through tsx, so a test run after an edit without a build still runs the edited code.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { buildIsCurrent } from "../../scripts/lib/build-stamp.mjs";
import { freePort } from "./free-port";
import { TEST_ENV } from "./test-env";

const ROOT = path.resolve(import.meta.dirname, "../..");

let entry: string[] | undefined;

/**
 * Node's arguments that run the server. The built bundle starts on about 1.3 CPU seconds less than tsx, which
 * compiles every module on the way (docs/performance.md).
 */
export function serverEntry(): string[] {
  entry ??= buildIsCurrent() ? [path.join(ROOT, "dist/server/main.js")] : ["--import", "tsx", "src/server/main.ts"];
  return entry;
}

export type ChildServer = {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export async function spawnServer(env: Record<string, string>, options: { asUser?: string } = {}): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    ...TEST_ENV,
    NODE_ENV: "development",
    DATABASE_URL: "",
    LOG_LEVEL: "info",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    ...env,
  };
  const args = serverEntry();
  const child = options.asUser
    ? spawn("runuser", ["-u", options.asUser, "--", process.execPath, ...args], { cwd: ROOT, env: fullEnv })
    : spawn(process.execPath, args, { cwd: ROOT, env: fullEnv });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { url, child, output: () => output, exited };
}

/** Waits until /healthz answers (or the process exits, which fails with its output). */
export async function waitForHealthy(server: ChildServer, timeoutMs = 110_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited during start:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start in time:\n${server.output()}`);
}
