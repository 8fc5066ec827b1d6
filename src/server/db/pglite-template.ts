// The migrated embedded database that `npm run build` makes beside the built server: a new DATA_DIR starts as a copy
// of it (a tenth of a second) instead of running PGlite's initdb (seconds, and about 600 MB while it runs).
import { createHash } from "node:crypto";
import { chmodSync, constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** A migration as the template records it: a changed SQL file no longer matches the database built from it. */
export type MigrationFingerprint = { tag: string; sha256: string };

/** Written beside the template folder once the folder is complete; a template without it is never used. */
export type PgliteTemplateManifest = { pglite: string; migrations: MigrationFingerprint[] };

export function pgliteTemplateManifestFile(templateDir: string): string {
  return `${templateDir}.json`;
}

/** The migrations in a drizzle folder, in the journal's order. */
export function migrationFingerprints(migrationsFolder: string): MigrationFingerprint[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => ({
    tag,
    sha256: createHash("sha256")
      .update(readFileSync(path.join(migrationsFolder, `${tag}.sql`)))
      .digest("hex"),
  }));
}

/** The installed PGlite's version: another version may keep its data folder in another format. */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let dir = path.dirname(entry);
  for (let i = 0; i < 4; i++) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  throw new Error("@electric-sql/pglite's package.json not found");
}

/**
 * Whether a template may seed a new database: made by this PGlite, from migrations that are still the first ones of
 * the folder (the migrator then applies the newer ones as on any existing database).
 */
export function pgliteTemplateFits(templateDir: string, migrationsFolder: string): boolean {
  const manifestFile = pgliteTemplateManifestFile(templateDir);
  if (!existsSync(manifestFile) || !existsSync(path.join(templateDir, "PG_VERSION"))) return false;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PgliteTemplateManifest;
  if (manifest.pglite !== installedPgliteVersion()) return false;
  const current = migrationFingerprints(migrationsFolder);
  return (
    manifest.migrations.length <= current.length &&
    manifest.migrations.every((migration, i) => migration.tag === current[i]?.tag && migration.sha256 === current[i]?.sha256)
  );
}

/** copyFile gives the copy the source's mode, not the umask's: tightened at once. */
function copyPrivately(source: string, target: string): void {
  copyFileSync(source, target, constants.COPYFILE_FICLONE);
  chmodSync(target, 0o600);
}

/** The copy is the server's own: folders 0700 and files 0600, whatever modes the build gave the template. */
function copyFolder(from: string, to: string, skip?: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  chmodSync(to, 0o700);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === skip) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyFolder(source, target);
    else copyPrivately(source, target);
  }
}

/**
 * Fills a new data folder from the template; false (and nothing written) when the template does not fit or the folder
 * already holds something. PG_VERSION, which marks a finished database, is copied last, so a copy cut short (the
 * process killed) is never taken for a database: the next start initialises that folder from scratch.
 */
export function copyPgliteTemplate(options: { templateDir: string; dataDir: string; migrationsFolder: string }): boolean {
  const { templateDir, dataDir } = options;
  if (!pgliteTemplateFits(templateDir, options.migrationsFolder)) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  try {
    copyFolder(templateDir, dataDir, "PG_VERSION");
    copyPrivately(path.join(templateDir, "PG_VERSION"), path.join(dataDir, "PG_VERSION"));
  } catch (error) {
    // A full disk or a permission error half-way: leave the folder empty again, as it was.
    for (const name of existsSync(dataDir) ? readdirSync(dataDir) : []) {
      rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    throw error;
  }
  return true;
}
