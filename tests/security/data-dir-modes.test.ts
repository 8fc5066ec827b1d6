// Everything the portal writes under DATA_DIR is its own user's alone: every file 0600 and every folder 0700, for a
// database made by initdb, for one copied from the build's template (whose files the build made 0644), for the
// generated secret, and for files an older version left readable. A backup copied with `cp -a` keeps these modes.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  copyPgliteTemplate,
  installedPgliteVersion,
  migrationFingerprints,
  pgliteTemplateManifestFile,
} from "../../src/server/db/pglite-template";
import { spawnServer, waitForHealthy } from "../setup/child-server";
import { createTestApp } from "../setup/test-app";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), "bp-modes-"));
  roots.push(root);
  return root;
}

/** Every entry under the folder (and the folder itself) whose mode is not 0600 for a file or 0700 for a folder. */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const visit = (at: string) => {
    const stat = statSync(at);
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted) loose.push(`${path.relative(dir, at) || "."} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return loose;
}

function entryCount(dir: string): number {
  return readdirSync(dir, { recursive: true }).length;
}

describe("DATA_DIR modes", () => {
  it("after a start on a new DATA_DIR and some writes: every file 0600, every folder 0700", async () => {
    const dataDir = path.join(tempRoot(), "data");
    const server = await spawnServer({ DATA_DIR: dataDir, SECRET_KEY: "" });
    try {
      await waitForHealthy(server, 200_000);
      const res = await fetch(`${server.url}/api/auth/request-code`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "modes@customer.example", name: "Mo Des" }),
      });
      expect(res.status).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    expect(statSync(path.join(dataDir, "secret-key")).isFile()).toBe(true);
    expect(entryCount(dataDir)).toBeGreaterThan(100);
    expect(looseModes(dataDir)).toEqual([]);
  }, 280_000);

  it("a database copied from a template the build left 0644/0755, and older readable files, are tightened at start", async () => {
    const root = tempRoot();
    // A template folder as a build with umask 022 leaves it (only the copy is under test: the files are not a database).
    const templateDir = path.join(root, "pglite-template");
    mkdirSync(path.join(templateDir, "base", "1"), { recursive: true, mode: 0o755 });
    for (const file of ["PG_VERSION", "postgresql.conf", "base/1/1259"])
      writeFileSync(path.join(templateDir, file), "x", { mode: 0o644 });
    chmodSync(path.join(templateDir, "base"), 0o755);
    writeFileSync(
      pgliteTemplateManifestFile(templateDir),
      JSON.stringify({ pglite: installedPgliteVersion(), migrations: migrationFingerprints(path.resolve("drizzle")) }),
    );
    const dataDir = path.join(root, "data");
    const copied = path.join(dataDir, "pglite");
    expect(copyPgliteTemplate({ templateDir, dataDir: copied, migrationsFolder: path.resolve("drizzle") })).toBe(true);
    expect(looseModes(copied)).toEqual([]);

    // An older version's readable secret and a stray file: a start tightens them.
    writeFileSync(path.join(dataDir, "secret-key"), "a".repeat(64), { mode: 0o644 });
    chmodSync(path.join(dataDir, "secret-key"), 0o644);
    chmodSync(dataDir, 0o755);
    rmSync(copied, { recursive: true, force: true });
    const t = await createTestApp({ DATA_DIR: dataDir, SECRET_KEY: "" });
    await t.close();
    expect(looseModes(dataDir)).toEqual([]);
  }, 120_000);
});
