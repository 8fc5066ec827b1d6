// The decision records are numbered without gaps, each with its status and date under the title: the check
// `npm run check` runs (scripts/check-decisions.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { decisionProblems } from "./check-decisions";

const folders: string[] = [];
function decisions(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), "decisions-"));
  folders.push(folder);
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const record = (status: string) => `# A decision\n\n${status}\n\n**Context.** …\n`;

describe("the decision records", () => {
  it("in docs/decisions/ are numbered without gaps, each with its status line", () => {
    expect(decisionProblems(path.resolve(import.meta.dirname, "../docs/decisions"))).toEqual([]);
  });

  it("pass numbered 0001, 0002, … with a status and date (accepted, revised, superseded by an existing one)", () => {
    const folder = decisions({
      "0001-first.md": record("Status: superseded by 0003 · 2026-11-21"),
      "0002-second.md": record("Status: accepted · 2026-11-21 · revised 2026-12-07"),
      "0003-third.md": record("Status: proposed · 2026-12-01"),
    });
    expect(decisionProblems(folder)).toEqual([]);
  });

  it("fail on a gap, a repeat, a bad name, a missing or undated status, and a successor that does not exist", () => {
    const folder = decisions({
      "0001-first.md": record("Status: accepted · 2026-11-21"),
      "0002-second.md": record("Status: accepted"),
      "0002-again.md": record("Status: accepted · 2026-11-21"),
      "0004-fourth.md": "# Fourth\n\n**Context.** no status\n",
      "0005-fifth.md": record("Status: superseded by 0009 · 2026-11-21"),
      "notes.md": record("Status: accepted · 2026-11-21"),
    });
    expect(decisionProblems(folder)).toEqual([
      "notes.md: not named NNNN-words.md",
      "0002 is the number of 0002-again.md and 0002-second.md",
      "0003 is missing: decisions are numbered without gaps",
      '0002-second.md: no status line under the title (e.g. "Status: accepted · 2026-11-21")',
      '0004-fourth.md: no status line under the title (e.g. "Status: accepted · 2026-11-21")',
      "0005-fifth.md: superseded by 0009, which does not exist",
    ]);
  });
});
