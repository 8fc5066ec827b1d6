// A shipped migration never changes: a database that ran it never runs it again, so an edit reaches only new
// databases. Each migration's SHA-256 is recorded in drizzle/meta/_checksums.json when it is added.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  addMigration,
  checksumProblems,
  readJournal,
  recordedChecksums,
  recordNewChecksums,
} from "../src/server/db/migration-files";

const DRIZZLE = fileURLToPath(new URL("../drizzle", import.meta.url));

const copies: string[] = [];
function copyOfDrizzle(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "bp-drizzle-"));
  cpSync(DRIZZLE, folder, { recursive: true });
  copies.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of copies.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the migrations in drizzle/", () => {
  it("are each the file recorded when it was added, every one in the journal (new one: scripts/record-migration-checksums.ts)", () => {
    expect(checksumProblems(DRIZZLE).map(({ message }) => message)).toEqual([]);
    expect(Object.keys(recordedChecksums(DRIZZLE))).toEqual(readJournal(DRIZZLE).entries.map(({ tag }) => tag));
  });
});

describe("the checksum check", () => {
  it("fails on a shipped migration edited in place, and recording refuses to hide it", () => {
    const folder = copyOfDrizzle();
    appendFileSync(path.join(folder, "0008_cache_change_notices.sql"), "\n-- one more line\n");
    expect(checksumProblems(folder)).toEqual([expect.objectContaining({ tag: "0008_cache_change_notices", kind: "changed" })]);
    const before = readFileSync(path.join(folder, "meta", "_checksums.json"), "utf8");
    expect(() => recordNewChecksums(folder)).toThrow(/0008_cache_change_notices\.sql differs/);
    expect(readFileSync(path.join(folder, "meta", "_checksums.json"), "utf8")).toBe(before);
  });

  it("fails on a migration in the journal with no checksum until it is recorded", () => {
    const folder = copyOfDrizzle();
    const journal = readJournal(folder);
    const tag = `${String(journal.entries.length).padStart(4, "0")}_by_hand`;
    writeFileSync(path.join(folder, `${tag}.sql`), "select 1;");
    journal.entries.push({ idx: journal.entries.length, version: "7", when: Date.now(), tag, breakpoints: true });
    writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal, null, 2));
    expect(checksumProblems(folder)).toEqual([expect.objectContaining({ tag, kind: "unrecorded" })]);
    expect(recordNewChecksums(folder)).toEqual([tag]);
    expect(checksumProblems(folder)).toEqual([]);
  });

  it("fails on a recorded migration taken out of the journal", () => {
    const folder = copyOfDrizzle();
    const journal = readJournal(folder);
    const removed = journal.entries.pop();
    writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal, null, 2));
    expect(checksumProblems(folder)).toEqual([expect.objectContaining({ tag: removed?.tag, kind: "removed" })]);
  });
});

describe("a migration added by hand (addMigration)", () => {
  it("is the next file in the journal, newer than every earlier one, recorded, and changes no file that was there", () => {
    const folder = copyOfDrizzle();
    const before = readJournal(folder);
    const tag = addMigration(folder, "by_hand", "select 1;\n");
    const after = readJournal(folder);
    expect(tag).toBe(`${String(before.entries.length).padStart(4, "0")}_by_hand`);
    expect(after.entries.slice(0, -1)).toEqual(before.entries);
    const added = after.entries.at(-1);
    expect(added).toMatchObject({ idx: before.entries.length, tag, breakpoints: true, version: before.version });
    expect(added?.when).toBeGreaterThan(Math.max(...before.entries.map(({ when }) => when)));
    expect(readFileSync(path.join(folder, `${tag}.sql`), "utf8")).toBe("select 1;\n");
    expect(checksumProblems(folder)).toEqual([]);
    for (const { tag: shipped } of before.entries) {
      expect(readFileSync(path.join(folder, `${shipped}.sql`)).equals(readFileSync(path.join(DRIZZLE, `${shipped}.sql`)))).toBe(
        true,
      );
    }
  });
});
