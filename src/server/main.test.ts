import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("the server process", () => {
  it("stops at start with a message naming a wrong variable", async () => {
    const server = startServer({ DATABASE_URL: "memory://", PORT: "not-a-port", SECRET_KEY: "x".repeat(40) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT:");
  });

  it("shuts down cleanly on SIGTERM: stops accepting, closes the database, exits 0", async () => {
    const port = await freePort();
    const server = startServer({ DATABASE_URL: "memory://", PORT: String(port), SECRET_KEY: "x".repeat(40), LOG_LEVEL: "info" });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 80; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        // still starting
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
