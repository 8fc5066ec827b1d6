// At start, before the embedded database opens: a folder made by a PGlite that embeds another PostgreSQL major (the
// installed PGlite cannot read it) is dumped with the old engine and reloaded with the new one, through the backup
// and restore path; the old folder is kept beside the new one (`pglite.pg18-<time>`), never deleted. The old engine
// is the npm package `pglite-pg<major>` (an alias a release that changes PGlite's major installs, e.g.
// "pglite-pg18": "npm:@electric-sql/pglite@0.5.16"); without it the start stops with the commands to run by hand.
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { migrationsFolder } from "../db/client";
import {
  type EmbeddedFormat,
  EmbeddedFormatError,
  embeddedFormatFile,
  embeddedFormatOf,
  installedEngine,
} from "../db/embedded-format";
import { installedPgliteVersion } from "../db/pglite-template";
import { writeBackup } from "./backup";
import { pgliteConnection } from "./connection";
import { restoreBackup } from "./restore";

/** What opens a folder of an older PostgreSQL major: PGlite's create(), and its pg_trgm extension. */
export type PgliteEngine = {
  create(
    dataDir: string,
    options: { extensions: Record<string, unknown> },
  ): Promise<Pick<PGlite, "query" | "transaction" | "close">>;
  extensions: Record<string, unknown>;
};

/** The installed package `pglite-pg<major>`, if any. */
export async function installedPreviousEngine(major: string): Promise<PgliteEngine | null> {
  const name = `pglite-pg${major}`;
  try {
    const module = (await import(name)) as { PGlite: { create: PgliteEngine["create"] } };
    const contrib = (await import(`${name}/contrib/pg_trgm`)) as { pg_trgm: unknown };
    return { create: (dir, options) => module.PGlite.create(dir, options), extensions: { pg_trgm: contrib.pg_trgm } };
  } catch {
    return null;
  }
}

export type UpgradeOptions = {
  /** The embedded database's folder (DATA_DIR/pglite). */
  folder: string;
  /** The engine this build runs (default: the installed PGlite). */
  engine?: EmbeddedFormat;
  /** Finds the engine that reads a folder of `major` (default: the pglite-pg<major> package). */
  previousEngine?: (major: string) => Promise<PgliteEngine | null>;
  log?: (line: string) => void;
};

/** "current" when nothing had to change; "upgraded" after a dump and reload. Throws EmbeddedFormatError when it cannot. */
export async function upgradeEmbeddedDatabase(options: UpgradeOptions): Promise<"current" | "upgraded"> {
  const { folder, log = () => {} } = options;
  const found = embeddedFormatOf(folder);
  if (!found) return "current";
  // The usual start: the record names this very PGlite (its WebAssembly need not be read to tell its major).
  if (!options.engine && found.pglite === installedPgliteVersion()) return "current";
  const engine = options.engine ?? installedEngine();
  if (found.postgres === engine.postgres) return "current";
  const previous = await (options.previousEngine ?? installedPreviousEngine)(found.postgres);
  if (!previous) throw new EmbeddedFormatError(folder, found, engine);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const kept = `${folder}.pg${found.postgres}-${stamp}`;
  const archive = path.join(path.dirname(folder), `pglite-upgrade-${stamp}.tar`);
  log(
    `The embedded database was made by PostgreSQL ${found.postgres}; this build's PGlite embeds ${engine.postgres}: dumping it`,
  );
  const old = await previous.create(folder, { extensions: previous.extensions });
  try {
    await writeBackup({
      connection: pgliteConnection(old),
      kind: "pglite",
      out: archive,
      fileStorage: { backend: "database" },
      dataDir: null,
      migrationsFolder: migrationsFolder(),
    });
  } finally {
    await old.close();
  }
  renameSync(folder, kept);
  if (existsSync(embeddedFormatFile(folder))) renameSync(embeddedFormatFile(folder), `${kept}-format.json`);
  try {
    log(`reloading it into a new ${folder} (the old folder is kept as ${kept})`);
    await restoreBackup({
      file: archive,
      databaseUrl: `pglite://${folder}`,
      fileStorage: { backend: "database" },
      dataDir: path.dirname(folder),
      force: false,
    });
  } catch (error) {
    // The old folder goes back where it was: the next start finds the database as it was before this one.
    rmSync(folder, { recursive: true, force: true });
    rmSync(embeddedFormatFile(folder), { force: true });
    renameSync(kept, folder);
    if (existsSync(`${kept}-format.json`)) renameSync(`${kept}-format.json`, embeddedFormatFile(folder));
    throw error;
  } finally {
    rmSync(archive, { force: true });
  }
  log(`upgraded: the embedded database is now PostgreSQL ${engine.postgres}; delete ${kept} once you are satisfied`);
  return "upgraded";
}
