// The API and security test files that never open the database under test: their imports, followed through every
// module, never reach tests/setup/test-database.ts, the one place TEST_DATABASE_URL is read. They need no database, or
// their servers run as child processes on PGlite whatever that variable says. npm test's PostgreSQL pass leaves them
// out, since there they would repeat the first pass exactly (docs/performance.md, "The PostgreSQL pass without the
// files that never open its database"). Run as a script, it prints them one a line, relative to the repository.
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { resolveRelative, specifiersOf } from "../import-circles";

const ROOT = resolve(import.meta.dirname, "../..");
const TEST_DATABASE = "tests/setup/test-database.ts";
/** The API and security projects' files (vitest.config.ts). */
const PROJECT_FOLDERS = ["src/server", "tests/security"];

/** The modules `entry` imports, directly or through others (relative imports; a package cannot import back). */
function importedModules(entry: string, importsOf: (file: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

export function databaseIndependentTests(root = ROOT): string[] {
  const parsed = new Map<string, string[]>();
  const importsOf = (file: string) => {
    let targets = parsed.get(file);
    if (!targets) {
      targets = specifiersOf(file).flatMap((specifier) => resolveRelative(file, specifier) ?? []);
      parsed.set(file, targets);
    }
    return targets;
  };
  const testDatabase = join(root, TEST_DATABASE);
  return PROJECT_FOLDERS.flatMap((folder) =>
    (readdirSync(join(root, folder), { recursive: true, encoding: "utf8" }) as string[])
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => join(root, folder, name)),
  )
    .filter((file) => !importedModules(file, importsOf).has(testDatabase))
    .map((file) => relative(root, file))
    .sort();
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  for (const file of databaseIndependentTests()) console.log(file);
}
