// A backup is one tar file: manifest.json first, then one part per table (JSON lines, gzipped), one per stored file
// (its bytes) and the DATA_DIR keys the installation made itself. The manifest lists every part with its SHA-256, so
// a restore checks the whole archive before it changes anything, and `tar -xf` + `sha256sum` can check it by hand.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, statSync } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";

export const BACKUP_FORMAT = "blueprint-backup";
export const BACKUP_FORMAT_VERSION = 1;

export type TablePart = {
  name: string;
  /** The columns each line holds (generated columns are left out: the restore computes them again). */
  columns: string[];
  rows: number;
  part: string;
  sha256: string;
  bytes: number;
};

export type FilePart = {
  id: string;
  contentType: string;
  size: number;
  /** When the database store had it (the sweep of unreferenced bytes looks at it); null from a bucket. */
  createdAt: string | null;
  part: string;
  sha256: string;
};

export type ExtraPart = { name: "secret-key" | "signing-identity.p12"; part: string; sha256: string };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; serverVersion: string };
  /** The last migration the database had run, and how many it had run. */
  migration: { tag: string | null; count: number };
  fileStorage: "database" | "s3";
  tables: TablePart[];
  sequences: { name: string; value: string | null }[];
  files: FilePart[];
  extras: ExtraPart[];
};

export const MANIFEST_NAME = "manifest.json";

/** A part's name must stay inside the folder it is extracted to. */
export function isSafePartName(name: string): boolean {
  return /^(tables\/[a-z0-9_]+\.jsonl\.gz|files\/[a-f0-9]{64}|data-dir\/(secret-key|signing-identity\.p12))$/.test(name);
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Writes the archive to `out` from the parts in `partsDir`: manifest first, each part streamed from its file. The
 * archive is written beside `out` and renamed at the end, so a backup cut short never looks like a finished one.
 */
export async function packArchive(options: { out: string; partsDir: string; manifest: Manifest }): Promise<void> {
  const { out, partsDir, manifest } = options;
  const partial = `${out}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  pack.entry({ name: MANIFEST_NAME, size: manifestBytes.length, mode: 0o600 }, manifestBytes);
  const parts = [
    ...manifest.tables.map((t) => t.part),
    ...manifest.files.map((f) => f.part),
    ...manifest.extras.map((e) => e.part),
  ];
  for (const part of parts) {
    const file = path.join(partsDir, part);
    const entry = pack.entry({ name: part, size: statSync(file).size, mode: 0o600 });
    await pipeline(createReadStream(file), entry);
  }
  pack.finalize();
  await written;
  await rename(partial, out);
}

/** Extracts the archive into `dir`, each entry streamed to its file; returns the manifest. Unknown names are refused. */
export async function unpackArchive(options: { file: string; dir: string }): Promise<Manifest> {
  const { file, dir } = options;
  const extract = tar.extract();
  let manifestText: string | null = null;
  const done = pipeline(createReadStream(file), extract);
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === MANIFEST_NAME) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      manifestText = Buffer.concat(chunks).toString("utf8");
      continue;
    }
    if (entry.header.type !== "file" || !isSafePartName(name)) throw new Error(`the archive holds an unexpected entry: ${name}`);
    const target = path.join(dir, name);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
  }
  await done;
  if (manifestText === null) throw new Error(`${file} is not a Blueprint backup (it has no ${MANIFEST_NAME})`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new Error(`${file}: its ${MANIFEST_NAME} is not JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a Blueprint backup`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new Error(
      `${file} is a backup of format ${manifest.formatVersion}; this build reads up to ${BACKUP_FORMAT_VERSION}: restore it with a newer Blueprint`,
    );
  }
  return manifest;
}

/** Every part listed is there and has the SHA-256 the manifest says; throws naming the first that does not. */
export async function verifyParts(options: { dir: string; manifest: Manifest }): Promise<void> {
  const { dir, manifest } = options;
  const parts = [...manifest.tables, ...manifest.files, ...manifest.extras];
  for (const { part, sha256 } of parts) {
    if (!isSafePartName(part)) throw new Error(`the manifest names an unexpected part: ${part}`);
    let actual: string;
    try {
      actual = await sha256OfFile(path.join(dir, part));
    } catch {
      throw new Error(`the archive is incomplete: ${part} is missing`);
    }
    if (actual !== sha256) throw new Error(`the archive is damaged: ${part} does not have the SHA-256 its manifest lists`);
  }
}
