// An error that escapes everything (issue 26, item 1) is logged with the request it came from, and the process then
// exits cleanly with 1 (a supervisor restarts it), instead of dying silently or running on in an unknown state.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../setup/free-port";

async function crashOnce(kind: "exception" | "rejection") {
  const port = await freePort();
  // A new DATA_DIR, filled from the build's migrated template when there is one (`memory://` would run initdb).
  const dataRoot = mkdtempSync(path.join(tmpdir(), "bp-crash-"));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./tests/security/fixtures/crash-on-signal.ts", "src/server/main.ts"],
    {
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: path.join(dataRoot, "data"),
        PORT: String(port),
        SECRET_KEY: "x".repeat(40),
        LOG_LEVEL: "info",
        CRASH_KIND: kind,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (let i = 0; i < 480 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGUSR2");
  const code = await exited;
  rmSync(dataRoot, { recursive: true, force: true });
  const fatal = output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; requestId?: string; cause?: string; err?: { message: string } })
    .find((entry) => entry.level === 60);
  return { code, fatal };
}

describe("an error nothing caught", () => {
  it("is logged with its request id, then the process exits with 1 (uncaught exception)", async () => {
    const { code, fatal } = await crashOnce("exception");
    expect(code).toBe(1);
    expect(fatal).toMatchObject({
      requestId: "req-crash-test-0001",
      cause: "uncaughtException",
      err: { message: "escaped exception" },
    });
  }, 180_000);

  it("is logged with its request id, then the process exits with 1 (unhandled rejection)", async () => {
    const { code, fatal } = await crashOnce("rejection");
    expect(code).toBe(1);
    expect(fatal).toMatchObject({
      requestId: "req-crash-test-0001",
      cause: "unhandledRejection",
      err: { message: "escaped rejection" },
    });
  }, 180_000);
});
