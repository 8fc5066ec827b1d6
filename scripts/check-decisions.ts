// Checks the decision records in docs/decisions/: named `NNNN-words.md`, numbered 0001, 0002, … without a gap or a
// repeat, each opening with its title and then its status line, e.g. `Status: accepted · 2026-11-21` (also
// `proposed`, `withdrawn`, `superseded by NNNN`, an existing decision; optionally `· revised YYYY-MM-DD`). `npm run
// check` runs it (exit code 1 on a problem); scripts/check-decisions.test.ts runs it in the unit tests.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DECISION_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
export const STATUS_LINE = new RegExp(
  String.raw`^Status: (accepted|proposed|withdrawn|superseded by (\d{4})) · ${DATE}(?: · revised ${DATE})?$`,
);

/** What is wrong with the decision records in `folder`, one sentence each (none: numbered and dated as they should be). */
export function decisionProblems(folder: string): string[] {
  const names = readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort();
  const problems: string[] = [];
  const numbered = names.flatMap((name) => {
    const match = DECISION_FILE.exec(name);
    if (!match) problems.push(`${name}: not named NNNN-words.md`);
    return match ? [{ name, number: Number(match[1]) }] : [];
  });
  const numbers = new Set(numbered.map(({ number }) => number));
  const label = (number: number) => String(number).padStart(4, "0");
  for (const number of numbers) {
    const named = numbered.filter((decision) => decision.number === number).map(({ name }) => name);
    if (named.length > 1) problems.push(`${label(number)} is the number of ${named.join(" and ")}`);
  }
  for (let number = 1; number <= Math.max(0, ...numbers); number++) {
    if (!numbers.has(number)) problems.push(`${label(number)} is missing: decisions are numbered without gaps`);
  }
  for (const { name } of numbered) {
    const lines = readFileSync(path.join(folder, name), "utf8").split("\n");
    if (!lines[0]?.startsWith("# ")) problems.push(`${name}: the first line is not its title ("# …")`);
    const status = lines.slice(1).find((line) => line.trim() !== "") ?? "";
    const match = STATUS_LINE.exec(status);
    if (!match) problems.push(`${name}: no status line under the title (e.g. "Status: accepted · 2026-11-21")`);
    else if (match[2] && !numbers.has(Number(match[2])))
      problems.push(`${name}: superseded by ${match[2]}, which does not exist`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const folder = path.resolve(import.meta.dirname, "../docs/decisions");
  const problems = decisionProblems(folder);
  for (const problem of problems) console.log(problem);
  console.log(
    problems.length === 0
      ? "Decisions numbered without gaps, each with its status line."
      : `${problems.length} problem(s) in docs/decisions/.`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
