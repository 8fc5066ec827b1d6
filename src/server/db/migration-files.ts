// The drizzle/ folder as files. Drizzle's migrator reads only meta/_journal.json (each migration's tag and time, in
// order) and the SQL files, and runs on a database the migrations newer than the last one it ran: a shipped migration
// edited in place never runs again where it already ran. So each migration's SHA-256 is recorded once
// (meta/_checksums.json; drizzle-kit reads every other file in meta/ not starting with "_" as a snapshot) and a test
// compares; a change is a new migration.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrationFingerprints } from "./pglite-template";

type JournalEntry = { idx: number; version: string; when: number; tag: string; breakpoints: boolean };
type Journal = { version: string; dialect: string; entries: JournalEntry[] };

/** Tag → SHA-256 of `<tag>.sql`, as recorded when the migration was added. */
export type MigrationChecksums = Record<string, string>;

const journalFile = (folder: string) => path.join(folder, "meta", "_journal.json");
export const checksumsFile = (folder: string) => path.join(folder, "meta", "_checksums.json");

export function readJournal(folder: string): Journal {
  return JSON.parse(readFileSync(journalFile(folder), "utf8")) as Journal;
}

/**
 * Adds `<next index>_<name>.sql` holding `sql` and registers it in the journal as drizzle-kit registers a custom
 * migration (index after the last, a time after every earlier one: the migrator runs what is newer than the last it
 * ran), with no snapshot (drizzle-kit diffs the schema against the newest one there is). Never overwrites a file; the
 * checksum is recorded too. Returns the new tag.
 */
export function addMigration(folder: string, name: string, sql: string): string {
  const journal = readJournal(folder);
  const last = journal.entries.at(-1);
  const idx = last ? last.idx + 1 : 0;
  const tag = `${idx.toFixed(0).padStart(4, "0")}_${name}`;
  writeFileSync(path.join(folder, `${tag}.sql`), sql, { flag: "wx" });
  journal.entries.push({
    idx,
    version: journal.version,
    when: Math.max(Date.now(), (last?.when ?? 0) + 1),
    tag,
    breakpoints: true,
  });
  writeFileSync(journalFile(folder), JSON.stringify(journal, null, 2));
  recordNewChecksums(folder);
  return tag;
}

export function recordedChecksums(folder: string): MigrationChecksums {
  const file = checksumsFile(folder);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as MigrationChecksums) : {};
}

export type ChecksumProblem = { tag: string; kind: "unrecorded" | "changed" | "removed"; message: string };

/** What differs between the journal's migrations and the recorded checksums (none: every file as it shipped). */
export function checksumProblems(folder: string): ChecksumProblem[] {
  const recorded = recordedChecksums(folder);
  const current = migrationFingerprints(folder);
  const inJournal = new Set(current.map(({ tag }) => tag));
  const problems: ChecksumProblem[] = [];
  for (const { tag, sha256 } of current) {
    if (!(tag in recorded)) {
      problems.push({ tag, kind: "unrecorded", message: `${tag}.sql has no recorded checksum` });
    } else if (recorded[tag] !== sha256) {
      problems.push({
        tag,
        kind: "changed",
        message: `${tag}.sql differs from the file recorded when it shipped: restore it and put the change in a new migration`,
      });
    }
  }
  for (const tag of Object.keys(recorded).filter((recordedTag) => !inJournal.has(recordedTag))) {
    problems.push({
      tag,
      kind: "removed",
      message: `${tag} is recorded but not in meta/_journal.json: a shipped migration stays`,
    });
  }
  return problems;
}

/**
 * Records the checksum of every migration in the journal not recorded yet, and returns their tags. Throws, writing
 * nothing, when a recorded migration differs or is gone: recording it again would hide the change from the test.
 */
export function recordNewChecksums(folder: string): string[] {
  const problems = checksumProblems(folder);
  const refused = problems.filter(({ kind }) => kind !== "unrecorded");
  if (refused.length > 0) {
    throw new Error(
      `${refused.map(({ message }) => message).join("\n")}\n(a migration that never left your branch: delete its line from meta/_checksums.json and run again)`,
    );
  }
  const added = problems.map(({ tag }) => tag);
  if (added.length === 0) return [];
  const current = new Map(migrationFingerprints(folder).map(({ tag, sha256 }) => [tag, sha256]));
  const checksums = { ...recordedChecksums(folder), ...Object.fromEntries(added.map((tag) => [tag, current.get(tag)])) };
  writeFileSync(checksumsFile(folder), `${JSON.stringify(checksums, null, 2)}\n`);
  return added;
}
