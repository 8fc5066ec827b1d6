// `npm start` and `npm run dev` load `.env` from the working directory (scripts/load-env.mjs, their first import):
// a value there reaches the server, the environment's own value wins, and `.env.example` is never read.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const loader = path.resolve("scripts/load-env.mjs");
const dirs: string[] = [];

/** The variables a Node process started like `npm start` sees, run in a folder holding `files`. */
function envSeen(files: Record<string, string>, env: Record<string, string> = {}): Record<string, string | undefined> {
  const dir = mkdtempSync(path.join(tmpdir(), "bp-env-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  const { PORT: _port, APP_URL: _appUrl, ...inherited } = process.env;
  const result = spawnSync(
    process.execPath,
    ["--import", loader, "-e", "console.log(JSON.stringify({ PORT: process.env.PORT, APP_URL: process.env.APP_URL }))"],
    { cwd: dir, env: { ...inherited, ...env }, encoding: "utf8" },
  );
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loading .env", () => {
  it("picks up a value from .env", () => {
    expect(envSeen({ ".env": "PORT=4123\nAPP_URL=http://localhost:4123\n" })).toEqual({
      PORT: "4123",
      APP_URL: "http://localhost:4123",
    });
  });

  it("lets the environment's own value win over .env", () => {
    expect(envSeen({ ".env": "PORT=4123\n" }, { PORT: "5000" }).PORT).toBe("5000");
  });

  it("starts without a .env, and never reads .env.example", () => {
    expect(envSeen({ ".env.example": "PORT=4123\n" })).toEqual({});
  });

  it("is the first thing npm start and npm run dev do", () => {
    const start = readFileSync("scripts/start.mjs", "utf8");
    expect(start.split("\n").find((line) => line.startsWith("import "))).toBe('import "./load-env.mjs";');
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts;
    expect(scripts.start).toBe("node scripts/start.mjs");
    expect(scripts.dev).toMatch(/^node --import \.\/scripts\/load-env\.mjs /);
  });
});
