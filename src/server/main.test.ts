import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serverEntry } from "../../tests/setup/child-server";
import { freePort } from "../../tests/setup/free-port";

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, serverEntry(), {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stdout = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output, stdout: () => stdout };
}

async function waitUntilReady(server: ReturnType<typeof startServer>, base: string): Promise<void> {
  // Generous: a cold start (tsx, when the build is older than the sources) is slow on a busy machine.
  for (let i = 0; i < 360 && server.child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Each start gets a new DATA_DIR, which the server fills from the build's migrated template when there is one
// (initdb otherwise: seconds of CPU per start); `memory://` would run initdb in every child.
const dataDirs: string[] = [];
function newDataDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), "bp-main-"));
  dataDirs.push(root);
  return path.join(root, "data");
}
afterAll(() => {
  for (const root of dataDirs) rmSync(root, { recursive: true, force: true });
});

// Every case starts the server as tests/setup/child-server.ts does (the build when it is current, else src/ through
// tsx). A first tsx start in a fresh clone compiles every module: beside the other passes it took 30-42 s, past the
// API tests' 30 s for a case.
describe("the server process", { timeout: 120_000 }, () => {
  it("stops at start with a message naming a wrong variable", async () => {
    const server = startServer({ DATABASE_URL: "memory://", PORT: "not-a-port", SECRET_KEY: "x".repeat(40) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT:");
  });

  it("prints one address, APP_URL, with the demo account's code, as its first plain-text line; not the bound 127.0.0.1 one", async () => {
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const server = startServer({
      DATABASE_URL: "",
      DATA_DIR: newDataDir(),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: appUrl,
      DEMO_EMAIL: "demo@blueprint.local",
      SECRET_KEY: "x".repeat(40),
      LOG_LEVEL: "info",
    });
    try {
      await waitUntilReady(server, `http://127.0.0.1:${port}`);
      for (let i = 0; i < 40 && !server.stdout().includes("Blueprint is running"); i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const lines = server.stdout().split("\n").filter(Boolean);
      const plain = lines.filter((line) => !line.startsWith("{"));
      expect(plain[0]).toBe(`Blueprint is running at ${appUrl} — demo account: demo@blueprint.local, code 000000`);
      expect(server.output()).not.toContain(`127.0.0.1:${port}`);
      // The JSON log says the same, and only that address.
      expect(lines.some((line) => line.startsWith("{") && line.includes(`"appUrl":"${appUrl}"`))).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  it("shuts down cleanly on SIGTERM: stops accepting, closes the database, exits 0", async () => {
    const port = await freePort();
    const server = startServer({
      DATABASE_URL: "",
      DATA_DIR: newDataDir(),
      PORT: String(port),
      SECRET_KEY: "x".repeat(40),
      LOG_LEVEL: "info",
    });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(server, base);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it("starts in production with a missing DATA_DIR: creates it 0700 and, under umask 077, every folder in it for the owner only", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "bp-main-"));
    const dataDir = path.join(root, "not", "yet", "there");
    const port = await freePort();
    const server = startServer({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORT: String(port),
      SECRET_KEY: "x".repeat(40),
      SMTP_URL: "smtp://127.0.0.1:9",
      LOG_LEVEL: "warn",
      // Production drains 5 s after SIGTERM; what this case checks is the folders.
      SHUTDOWN_DRAIN_SECONDS: "0",
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntilReady(server, base);
      expect(server.output()).not.toContain("ENOENT");
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      // PGlite sets its files' modes itself; what keeps them private is that no folder on the way lets others in.
      const openFolders = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isDirectory() && (statSync(path.join(entry.parentPath, entry.name)).mode & 0o077) !== 0,
      );
      expect(openFolders.map((entry) => entry.name)).toEqual([]);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
