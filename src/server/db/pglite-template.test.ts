// A new embedded database starts as a copy of the build's template, and only when the template fits.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteTemplate, type DatabaseHandle, openDatabase } from "./client";
import {
  copyPgliteTemplate,
  migrationFingerprints,
  type PgliteTemplateManifest,
  pgliteTemplateFits,
  pgliteTemplateManifestFile,
} from "./pglite-template";

const MIGRATIONS = path.resolve("drizzle");

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { applied: number }[];
  };
  return result.rows[0]?.applied ?? 0;
}
let root: string;
/** The first migrations only: a template made before the newest migration was written. */
let olderMigrations: string;
let templateDir: string;

function journalOf(folder: string): { entries: { tag: string }[] } {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "bp-template-"));
  olderMigrations = path.join(root, "drizzle-older");
  cpSync(MIGRATIONS, olderMigrations, { recursive: true });
  const journal = journalOf(olderMigrations);
  const newest = journal.entries.pop();
  if (!newest) throw new Error("no migrations");
  writeFileSync(path.join(olderMigrations, "meta", "_journal.json"), JSON.stringify(journal));
  rmSync(path.join(olderMigrations, `${newest.tag}.sql`));
  templateDir = path.join(root, "pglite-template");
  createPgliteTemplate(templateDir, olderMigrations);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A copy of the template with its manifest changed, to check what the copy refuses. */
function templateWith(change: (manifest: PgliteTemplateManifest) => void): string {
  const dir = mkdtempSync(path.join(root, "variant-"));
  const manifest = JSON.parse(readFileSync(pgliteTemplateManifestFile(templateDir), "utf8")) as PgliteTemplateManifest;
  change(manifest);
  const variant = path.join(dir, "pglite-template");
  mkdirSync(variant);
  writeFileSync(path.join(variant, "PG_VERSION"), readFileSync(path.join(templateDir, "PG_VERSION")));
  writeFileSync(pgliteTemplateManifestFile(variant), JSON.stringify(manifest));
  return variant;
}

describe("the embedded database template", () => {
  it("records the PGlite version and the migrations it was made from", () => {
    const manifest = JSON.parse(readFileSync(pgliteTemplateManifestFile(templateDir), "utf8")) as PgliteTemplateManifest;
    expect(manifest.pglite).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.migrations).toEqual(migrationFingerprints(olderMigrations));
    expect(pgliteTemplateFits(templateDir, MIGRATIONS)).toBe(true);
  });

  it("starts a new data folder from the template, then applies the migrations newer than it", async () => {
    const dataDir = path.join(root, "data", "pglite");
    const handle = await openDatabase({ url: `pglite://${dataDir}`, pgliteTemplateDir: templateDir });
    try {
      expect(await appliedMigrations(handle)).toBe(journalOf(olderMigrations).entries.length);
      await handle.migrate();
      expect(await appliedMigrations(handle)).toBe(journalOf(MIGRATIONS).entries.length);
    } finally {
      await handle.close();
    }
    // Folders private to the owner, whatever the template's modes.
    const dirs = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(dirs.length).toBeGreaterThan(0);
    for (const entry of [dataDir, ...dirs.map((d) => path.join(d.parentPath, d.name))]) {
      expect(statSync(entry).mode & 0o077).toBe(0);
    }
  }, 60_000);

  it("is not used when another PGlite version made it", () => {
    const variant = templateWith((manifest) => {
      manifest.pglite = "0.0.1";
    });
    const dataDir = path.join(root, "other-version");
    expect(copyPgliteTemplate({ templateDir: variant, dataDir, migrationsFolder: MIGRATIONS })).toBe(false);
    expect(() => readdirSync(dataDir)).toThrow();
  });

  it("is not used when a migration it holds has changed since", () => {
    const variant = templateWith((manifest) => {
      const first = manifest.migrations[0];
      if (first) first.sha256 = "0".repeat(64);
    });
    expect(copyPgliteTemplate({ templateDir: variant, dataDir: path.join(root, "changed"), migrationsFolder: MIGRATIONS })).toBe(
      false,
    );
  });

  it("leaves the data folder empty again when the copy fails half-way", () => {
    const broken = path.join(root, "broken", "pglite-template");
    cpSync(templateDir, broken, { recursive: true });
    cpSync(pgliteTemplateManifestFile(templateDir), pgliteTemplateManifestFile(broken));
    symlinkSync(path.join(root, "nowhere"), path.join(broken, "global", "zz-unreadable"));
    const dataDir = path.join(root, "half-way");
    mkdirSync(dataDir);
    expect(() => copyPgliteTemplate({ templateDir: broken, dataDir, migrationsFolder: MIGRATIONS })).toThrow(/ENOENT/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("is not used without its manifest (a build that stopped half-way) or over a folder that holds files", () => {
    const unfinished = path.join(root, "unfinished");
    cpSync(templateDir, unfinished, { recursive: true });
    expect(copyPgliteTemplate({ templateDir: unfinished, dataDir: path.join(root, "a"), migrationsFolder: MIGRATIONS })).toBe(
      false,
    );
    const occupied = path.join(root, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "notes.txt"), "mine");
    expect(copyPgliteTemplate({ templateDir, dataDir: occupied, migrationsFolder: MIGRATIONS })).toBe(false);
    expect(readdirSync(occupied)).toEqual(["notes.txt"]);
  });
});
