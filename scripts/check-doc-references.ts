// Finds file references in the docs that point at nothing: every path-like word in README.md, docs/*.md and
// docs/decisions/*.md. One from the repository's root (`src/…`, `scripts/…`, `tests/…`, `docs/…`, `drizzle/…`) must be
// there; a shorter one (`cache/define-read.ts`, `features/admin/api/…`, `post-reply.ts`, a migration's tag) must be the
// end of some file's or folder's path; one starting with ./ or ../ is read from the note's own folder. `npm run check`
// runs it (exit code 1 on a dead reference); scripts/check-doc-references.test.ts runs it in the unit tests.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A reference whose first folder is one of these is read from the repository's root. */
const ROOTS = ["src", "scripts", "tests", "docs", "drizzle", ".ci", "bench"];
/** Not the repository's own files: installed anywhere, or (at the root) built or made by a run (.gitignore). */
const INSTALLED = new Set([".git", "node_modules"]);
const MADE_AT_ROOT = new Set(["dist", "data", ".data", "coverage", "test-results"]);
const FILE_NAME = /\.(ts|tsx|mts|mjs|cjs|js|md|json|sql|css|html|sh|ya?ml|toml|txt)$/;
// A word of path characters with a slash (./ or ../ first, or between two names), not inside a URL or an absolute path
// (not after "/", "." or ":").
const PATH_LIKE = /(?<![\w/.@:~-])((?:\.\.?\/)+[\w@-][\w.@-]*(?:\/[\w.@[\]-]+)*\/?|[\w@-][\w.@-]*(?:\/[\w.@[\]-]+)+\/?)/g;
// A file name alone (`post-reply.ts`), in backticks: some file of the repository has it.
const BARE_FILE_NAME = /`([\w.-]+\.(?:ts|tsx|mjs|sql))`/g;
// A migration named by its tag (`0012_secmail_reply_message_id`): drizzle/<tag>.sql.
const MIGRATION_TAG = /(?<![\w/])(\d{4}_[a-z][a-z0-9_]*)\b/g;
/** What a build or a run writes (`dist/server/main.js`, `bench/results/latest.json`, `./data`): not in a fresh clone. */
const OUTPUT = /^(\.\/)?(dist|data|bench\/results)(\/|$)/;

/**
 * Every file and folder of the repository as a path from the root, and every shorter tail of each (`cache/x.ts` of
 * `src/server/cache/x.ts`): what a shortened reference may name.
 */
function pathTails(root: string): { full: Set<string>; tails: Set<string> } {
  const full = new Set<string>();
  const tails = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      if (INSTALLED.has(entry.name) || (folder === "" && MADE_AT_ROOT.has(entry.name))) continue;
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      full.add(relative);
      const parts = relative.split("/");
      for (let i = 0; i < parts.length; i++) tails.add(parts.slice(i).join("/"));
      if (entry.isDirectory()) walk(relative);
    }
  };
  walk("");
  return { full, tails };
}

export type DeadReference = { file: string; line: number; reference: string };

/** The notes the check reads: README.md, docs/*.md, docs/decisions/*.md. */
export function noteFiles(root: string): string[] {
  const notes = (folder: string) =>
    existsSync(path.join(root, folder))
      ? readdirSync(path.join(root, folder))
          .filter((name) => name.endsWith(".md"))
          .map((name) => path.join(folder, name))
      : [];
  return [...(existsSync(path.join(root, "README.md")) ? ["README.md"] : []), ...notes("docs"), ...notes("docs/decisions")];
}

/**
 * The words of one line that name a repository file or folder: a path from a known first folder or naming a file, a
 * file name in backticks, a migration's tag.
 */
export function referencesIn(line: string): string[] {
  const paths = [...line.matchAll(PATH_LIKE)]
    .map((match) => (match[1] ?? "").replace(/\.+$/, ""))
    .filter((reference) => {
      const first = reference.replace(/^(\.\.?\/)+/, "").split("/")[0] ?? "";
      if (OUTPUT.test(reference)) return false;
      return ROOTS.includes(first) || FILE_NAME.test(reference) || reference.startsWith(".");
    });
  const fileNames = [...line.matchAll(BARE_FILE_NAME)].map((match) => match[1] ?? "");
  const migrations = [...line.matchAll(MIGRATION_TAG)].map((match) => `drizzle/${match[1]}.sql`);
  return [...new Set([...paths, ...fileNames, ...migrations])];
}

/** Every reference in the notes that names no file or folder of the repository at `root`. */
export function deadReferences(root: string): DeadReference[] {
  const { full, tails } = pathTails(root);
  const resolves = (note: string, reference: string) => {
    const bare = reference.replace(/\/$/, "");
    if (bare.startsWith(".")) return full.has(path.posix.normalize(path.posix.join(path.posix.dirname(note), bare)));
    return ROOTS.includes(bare.split("/")[0] ?? "") ? full.has(bare) : tails.has(bare);
  };
  return noteFiles(root).flatMap((file) => {
    let inCode = false;
    return readFileSync(path.join(root, file), "utf8")
      .split("\n")
      .flatMap((text, index) => {
        if (text.trimStart().startsWith("```")) inCode = !inCode;
        // A code example's own imports ("../../shared/x") are relative to the example's file, not to the note.
        const references = referencesIn(text).filter((reference) => !(inCode && reference.startsWith(".")));
        return references
          .filter((reference) => !resolves(file, reference))
          .map((reference) => ({ file, line: index + 1, reference }));
      });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, "..");
  const dead = deadReferences(root);
  for (const { file, line, reference } of dead) console.log(`${file}:${line}: ${reference} does not exist`);
  console.log(dead.length === 0 ? "Every file reference in the docs exists." : `${dead.length} dead reference(s) in the docs.`);
  process.exitCode = dead.length === 0 ? 0 : 1;
}
