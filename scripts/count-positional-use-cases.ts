// npm run check: the use cases (functions exported by src/server/features) that take more than two positional
// parameters (issue 43 §5). A use case with more inputs takes its context and one options object
// (`resolveFeedback(ctx, { user, projectId, feedbackId, input })`), so two ids of the same type can never be swapped
// at a call. Reads the source text: each exported function's parameter list, split at its top-level commas. `--list`
// prints each one found; `--at-most N` passes while the count has not grown past N (the ratchet while they are
// converted; the goal is 0).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../src/server/features");
const MAX_POSITIONAL = 2;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [full] : [];
  });
}

const OPEN = new Set(["(", "[", "{", "<"]);
const CLOSE: Record<string, string> = { ")": "(", "]": "[", "}": "{", ">": "<" };

/** The parameter list starting at `open` (an opening parenthesis), split at its top-level commas. */
function parameters(text: string, open: number): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  let start = open + 1;
  for (let at = open; at < text.length; at++) {
    const char = text[at] ?? "";
    if (char === "=" && text[at + 1] === ">") {
      at++;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") {
      const end = text.indexOf(char, at + 1);
      at = end < 0 ? text.length : end;
      continue;
    }
    if (OPEN.has(char)) stack.push(char);
    else if (char in CLOSE && stack.at(-1) === CLOSE[char]) {
      stack.pop();
      if (stack.length === 0) {
        found.push(text.slice(start, at));
        break;
      }
    } else if (char === "," && stack.length === 1) {
      found.push(text.slice(start, at));
      start = at + 1;
    }
  }
  return found.map((parameter) => parameter.trim()).filter(Boolean);
}

const EXPORTED = [
  /export\s+(?:async\s+)?function\s*\*?\s*(\w+)\s*(?:<[^(]*?>)?\s*\(/g,
  /export\s+const\s+(\w+)\s*=\s*(?:async\s*)?(?:<[^(]*?>)?\s*\(/g,
];

function positionalUseCases(): { where: string; name: string; count: number }[] {
  const found: { where: string; name: string; count: number }[] = [];
  for (const file of sourceFiles(ROOT)) {
    const text = readFileSync(file, "utf8");
    for (const pattern of EXPORTED) {
      for (const match of text.matchAll(pattern)) {
        const open = (match.index ?? 0) + match[0].length - 1;
        const count = parameters(text, open).length;
        if (count > MAX_POSITIONAL) {
          const line = text.slice(0, match.index).split("\n").length;
          found.push({ where: `${path.relative(process.cwd(), file)}:${line}`, name: match[1] ?? "?", count });
        }
      }
    }
  }
  return found;
}

{
  const found = positionalUseCases();
  if (process.argv.includes("--list")) for (const f of found) console.log(`${f.where} ${f.name} (${f.count})`);
  const allowed = Number(process.argv[process.argv.indexOf("--at-most") + 1] ?? 0);
  const limit = process.argv.includes("--at-most") && Number.isInteger(allowed) ? allowed : 0;
  console.log(`use cases with more than ${MAX_POSITIONAL} positional parameters: ${found.length} (at most ${limit})`);
  if (found.length > limit) process.exitCode = 1;
}
