// The built server (dist/server/main.js) started for measuring its own process: production settings on a given
// PostgreSQL database, listening on loopback, delivering its emails to an SMTP server in the bench (so that failed
// deliveries and their retries do not add work), with memory-probe.mjs loaded so that the bench reads its heap over the
// IPC channel (RSS, CPU and open files come from /proc, see scripts/lib/process-stats.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../../tests/setup/free-port";
import { startSmtpServer } from "../../tests/setup/smtp";
import { waitForReady } from "../lib/built-server";

export type HeapSample = { rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number };

export type MeasuredServer = {
  base: string;
  port: number;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyMs: number;
  /** The server's process.memoryUsage(); with collect, read after a full garbage collection. */
  memory(options?: { collect?: boolean }): Promise<HeapSample>;
  /** SIGTERM, as a process manager stops it; resolves with the exit code and how long the shutdown took. */
  stop(): Promise<{ code: number | null; ms: number }>;
};

const PROBE = pathToFileURL(path.resolve("scripts/bench/memory-probe.mjs")).href;
const MB = 1024 * 1024;

export async function startMeasuredServer(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<MeasuredServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-data-"));
  const smtp = await startSmtpServer();
  // Started through an environment variable so that the command line does not name the server file (see built-server.ts).
  const child: ChildProcess = spawn(
    process.execPath,
    ["--expose-gc", "--import", PROBE, "--input-type=module", "-e", "await import(process.env.BP_SERVER_ENTRY)"],
    {
      env: {
        ...process.env,
        BP_SERVER_ENTRY: pathToFileURL(path.resolve("dist/server/main.js")).href,
        NODE_ENV: "production",
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: dataDir,
        SECRET_KEY: randomBytes(32).toString("hex"),
        SMTP_URL: smtp.url,
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PORT: String(port),
        APP_URL: base,
        ...options.env,
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const pid = child.pid;
  if (pid === undefined) throw new Error("the server process did not start");
  let readyMs: number;
  try {
    readyMs = Math.round(await waitForReady(base, child));
  } catch (error) {
    child.kill("SIGTERM");
    await exited;
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  let nextId = 0;
  return {
    base,
    port,
    pid,
    readyMs,
    memory({ collect = false } = {}) {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          reject(new Error("the server's memory probe did not answer within 10 s"));
        }, 10_000);
        const onMessage = (message: { type?: string; id?: number } & NodeJS.MemoryUsage) => {
          if (message.type !== "memory" || message.id !== id) return;
          clearTimeout(timer);
          child.off("message", onMessage);
          const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
          resolve({
            rssMb: mb(message.rss),
            heapUsedMb: mb(message.heapUsed),
            heapTotalMb: mb(message.heapTotal),
            externalMb: mb(message.external),
          });
        };
        child.on("message", onMessage);
        child.send({ type: "memory", id, collect });
      });
    },
    async stop() {
      const started = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const code = await exited;
      const ms = Math.round(performance.now() - started);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
      return { code, ms };
    },
  };
}
