// The embedded database's on-disk format is the PostgreSQL major its PGlite embeds: a PGlite that embeds another one
// cannot open the folder (PGlite 0.5 embeds PostgreSQL 18, 0.6 PostgreSQL 19). So the folder's maker is recorded
// beside it (`<folder>-format.json`) and checked at each start: the same major opens as before; another one stops the
// open (EmbeddedFormatError) before PGlite touches the files, and ops/embedded-upgrade.ts dumps and reloads it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { installedPgliteVersion } from "./pglite-template";

/** What made an embedded database folder: the PGlite version, and the PostgreSQL major (the folder's PG_VERSION). */
export type EmbeddedFormat = { pglite: string; postgres: string };

export function embeddedFormatFile(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, "")}-format.json`;
}

let installedMajor: string | undefined;

/** The PostgreSQL major the installed PGlite embeds, read from its WebAssembly's version string (once). */
export function installedPostgresMajor(): string {
  if (installedMajor) return installedMajor;
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const wasm = readFileSync(path.join(path.dirname(entry), "pglite.wasm")).toString("latin1");
  const found = /PostgreSQL (\d+)\.\d+/.exec(wasm);
  if (!found?.[1]) throw new Error("cannot tell which PostgreSQL the installed PGlite embeds");
  installedMajor = found[1];
  return installedMajor;
}

export function installedEngine(): EmbeddedFormat {
  return { pglite: installedPgliteVersion(), postgres: installedPostgresMajor() };
}

/** The format a folder is in: PG_VERSION is PostgreSQL's own record; the file adds which PGlite wrote it. */
export function embeddedFormatOf(dataDir: string): EmbeddedFormat | null {
  const versionFile = path.join(dataDir, "PG_VERSION");
  if (!existsSync(versionFile)) return null;
  const postgres = readFileSync(versionFile, "utf8").trim();
  const file = embeddedFormatFile(dataDir);
  let pglite = "unknown (made before Blueprint 1.0 recorded it)";
  if (existsSync(file)) {
    try {
      pglite = (JSON.parse(readFileSync(file, "utf8")) as Partial<EmbeddedFormat>).pglite ?? pglite;
    } catch {
      // An unreadable record says nothing more than PG_VERSION does.
    }
  }
  return { pglite, postgres };
}

export function recordEmbeddedFormat(dataDir: string, engine: EmbeddedFormat = installedEngine()): void {
  const postgres = existsSync(path.join(dataDir, "PG_VERSION"))
    ? readFileSync(path.join(dataDir, "PG_VERSION"), "utf8").trim()
    : engine.postgres;
  const record = { pglite: engine.pglite, postgres, recordedAt: new Date().toISOString() };
  writeFileSync(embeddedFormatFile(dataDir), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}

export class EmbeddedFormatError extends Error {
  constructor(
    readonly dataDir: string,
    readonly found: EmbeddedFormat,
    readonly engine: EmbeddedFormat,
  ) {
    super(
      `The embedded database in ${dataDir} was made by PGlite ${found.pglite} (PostgreSQL ${found.postgres}); this build's ` +
        `PGlite ${engine.pglite} embeds PostgreSQL ${engine.postgres} and cannot open it. With the build that made it, run ` +
        "`npm run backup -- --out blueprint.tar`; then, with this build and an empty DATA_DIR (move the old one aside), " +
        "`npm run restore -- blueprint.tar`.",
    );
    this.name = "EmbeddedFormatError";
  }
}

/**
 * Opens only a folder of the installed engine's PostgreSQL major: throws EmbeddedFormatError otherwise. The record is
 * (re)written when it is missing (a folder from before it existed) or names another PGlite of the same major.
 */
export function checkEmbeddedFormat(dataDir: string, given?: EmbeddedFormat): void {
  const found = embeddedFormatOf(dataDir);
  if (!found) return;
  // The usual start: the record names this very PGlite, and the WebAssembly need not be read.
  if (!given && found.pglite === installedPgliteVersion()) return;
  const engine = given ?? installedEngine();
  if (found.postgres !== engine.postgres) throw new EmbeddedFormatError(dataDir, found, engine);
  if (found.pglite !== engine.pglite) recordEmbeddedFormat(dataDir, engine);
}
