// The client spells no API path outside its table: the check `npm run check` runs (scripts/count-literal-api-paths.ts).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countLiteralApiPaths } from "./count-literal-api-paths";
import { scratchFolders } from "./lib/scratch-folders";

const client = scratchFolders("api-paths");

describe("counting literal API paths", () => {
  it("counts strings, templates and link attributes starting with /api/, not the table, tests or other paths", () => {
    const root = client({
      "lib/api-paths.ts": 'export const profile = "/api/profile";\n',
      "features/a/api/get-a.ts": `export const key = ["/api/a", 1];\nexport const path = (id: string) => \`/api/a/\${id}\`;\n// "/api/in-a-comment"\nexport const page = "/a";\n`,
      "features/a/Link.tsx": `export const Link = () => <a href="/api/logout">Sign out</a>;\nexport const b = \`/b/\${1}/api/\`;\n`,
      "features/a/api/get-a.test.ts": 'const asked = "/api/a";\n',
    });
    expect(countLiteralApiPaths(root)).toEqual([
      { file: "features/a/Link.tsx", line: 1, text: "/api/logout" },
      { file: "features/a/api/get-a.ts", line: 1, text: "/api/a" },
      { file: "features/a/api/get-a.ts", line: 2, text: `\`/api/a/\${id}\`` },
    ]);
  });

  it("src/client spells none outside lib/api-paths.ts", () => {
    expect(countLiteralApiPaths(path.join(import.meta.dirname, "../src/client"))).toEqual([]);
  }, 60_000);
});
