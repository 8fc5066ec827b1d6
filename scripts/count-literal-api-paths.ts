// npm run check: the API paths the browser code spells out itself. Every path the client asks, and the query keys of
// its reads, come from one table (src/client/lib/api-paths.ts), so a string or template literal starting with "/api/"
// anywhere else in src/client (a fetch, a download link, a query key) is counted. Tests are left out: they state the
// wire form on their own, which is what checks the table. Exit code 1 when the count is above zero; each is listed.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { astNodes, lineAt, sourceFiles } from "./import-circles";

/** The table, the one file that may spell the paths (from the scanned folder, src/client). */
export const API_PATH_TABLE = "lib/api-paths.ts";
const TEST_FILE = /\.test\.tsx?$/;

export type LiteralPath = { file: string; line: number; text: string };

/** The "/api/…" string and template literals of one file's code. */
export function literalApiPaths(file: string, code = readFileSync(file, "utf8")): { line: number; text: string }[] {
  return astNodes(file, code).flatMap((n) => {
    const found = (text: string) => [{ line: lineAt(code, n.start ?? 0), text }];
    if (n.type === "Literal") return typeof n.value === "string" && n.value.startsWith("/api/") ? found(n.value) : [];
    if (n.type !== "TemplateLiteral") return [];
    const [head] = n.quasis as { value: { cooked?: string; raw: string } }[];
    return (head?.value.cooked ?? head?.value.raw ?? "").startsWith("/api/") ? found(code.slice(n.start, n.end)) : [];
  });
}

/** Every "/api/…" literal under `folder` (src/client) outside the table and the tests. */
export function countLiteralApiPaths(folder: string): LiteralPath[] {
  return sourceFiles(folder)
    .map((file) => relative(folder, file).split("\\").join("/"))
    .filter((file) => file !== API_PATH_TABLE && !TEST_FILE.test(file))
    .flatMap((file) => literalApiPaths(join(folder, file)).map((found) => ({ file, ...found })));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2] ?? "src/client";
  const found = countLiteralApiPaths(folder);
  for (const { file, line, text } of found) console.log(`${folder}/${file}:${line}: ${text} (take it from ${API_PATH_TABLE})`);
  console.log(`API paths spelt outside ${folder}/${API_PATH_TABLE}: ${found.length}`);
  process.exitCode = found.length === 0 ? 0 : 1;
}
