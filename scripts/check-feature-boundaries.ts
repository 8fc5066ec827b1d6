// Features keep to their rooms: a module outside a feature folder (src/server/features/<name>/ or
// src/client/features/<name>/) uses that feature only through the folder's index.ts, which holds re-exports and nothing
// else. Inside its own folder a feature imports anything, its tests too; a test elsewhere is held to the same rule as
// code. Type-only imports and re-exports count. The client has three more doors, each kept because a barrel would merge
// chunks the build keeps apart (measured with vite build: a client index over every endpoint owner added about 2 KB gzip
// to each portal page's first load, one over the sign-in entry's modules about 115 KB to auth.html):
// - a feature's api/ owners (one per endpoint; every feature that needs the data imports the owner, as Biome's
//   rule for features also says);
// - `import()` of any of its modules: a lazily loaded module is a chunk of its own, as pages.tsx loads each page;
// - the modules a lighter HTML entry boots (ENTRY_FILES), which must load nothing else.
// `npm run check` runs it over src/ (exit code 1 on a crossing); scripts/check-feature-boundaries.test.ts runs it in the
// unit tests.
import { readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseAst } from "vite";
import { importSites, lineAt, resolveRelative, sourceFiles } from "./import-circles";

/** The folders whose subfolders are features, from the scanned folder (src/). */
const FEATURE_PARENTS = ["server/features", "client/features"];
/**
 * The boot modules of auth.html (auth-main.tsx, and auth-sign-in.tsx that it loads) and public.html: each imports the
 * one module of a feature it starts (the pending sign-in, the sign-in root, the public islands) and nothing more.
 */
const ENTRY_FILES = ["client/auth-main.tsx", "client/auth-sign-in.tsx", "client/public-main.tsx"];

export type Crossing = { file: string; line: number; specifier: string; feature: string };
export type BoundaryReport = { crossings: Crossing[]; indexProblems: string[] };

/** The feature folder a path is in (`server/features/admin`, from the scanned folder), if any. */
export function featureOf(root: string, path: string): string | undefined {
  const parts = relative(root, path).split(sep);
  const parent = parts.slice(0, 2).join("/");
  return FEATURE_PARENTS.includes(parent) && parts.length > 3 ? parts.slice(0, 3).join("/") : undefined;
}

const isIndex = (root: string, feature: string, path: string) =>
  [".ts", ".tsx"].some((suffix) => path === join(root, feature, `index${suffix}`));

/** A client feature's endpoint owner: features/<name>/api/<owner>.ts. */
const isEndpointOwner = (root: string, feature: string, path: string) =>
  feature.startsWith("client/") && relative(join(root, feature), path).startsWith(`api${sep}`);

/** What in a feature's index.ts is not a re-export: an index names what the feature offers and holds no logic. */
function indexProblems(path: string, code: string): string[] {
  const body = (parseAst(code, { lang: "ts" }) as unknown as { body: { type: string; source?: unknown; start: number }[] }).body;
  return body
    .filter(
      (statement) =>
        !((statement.type === "ExportNamedDeclaration" || statement.type === "ExportAllDeclaration") && statement.source),
    )
    .map((statement) => `${path}:${lineAt(code, statement.start)}: an index holds re-exports only (export … from "./…")`);
}

/** Every import into a feature's internals from outside its folder, and every index that holds more than re-exports. */
export function featureBoundaries(folder: string): BoundaryReport {
  const root = resolve(folder);
  const crossings: Crossing[] = [];
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    const code = readFileSync(file, "utf8");
    const own = featureOf(root, file);
    if (own && isIndex(root, own, file)) problems.push(...indexProblems(relative(root, file), code));
    const client = relative(root, file).startsWith(`client${sep}`);
    const entry = ENTRY_FILES.includes(relative(root, file).split(sep).join("/"));
    for (const site of importSites(file, code)) {
      const target = resolveRelative(file, site.specifier);
      const feature = target && featureOf(root, target);
      if (!target || !feature || feature === own || isIndex(root, feature, target)) continue;
      if (client && (site.dynamic || entry || isEndpointOwner(root, feature, target))) continue;
      crossings.push({ file: relative(root, file), line: site.line, specifier: site.specifier, feature });
    }
  }
  return { crossings, indexProblems: problems };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2] ?? "src";
  const { crossings, indexProblems: problems } = featureBoundaries(folder);
  for (const c of crossings)
    console.log(`${folder}/${c.file}:${c.line}: "${c.specifier}" reaches into ${c.feature}/ (import its index.ts)`);
  for (const problem of problems) console.log(`${folder}/${problem}`);
  console.log(
    `${crossings.length} import(s) into a feature's internals from outside it, ${problems.length} index statement(s) that are not re-exports, in ${folder}/.`,
  );
  process.exitCode = crossings.length === 0 && problems.length === 0 ? 0 : 1;
}
