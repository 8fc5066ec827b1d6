// No module under src/ imports itself through others (type-only imports count): the check `npm run check:circles` runs.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCircles } from "./import-circles";
import { scratchFolders } from "./lib/scratch-folders";

const project = scratchFolders("circles");

describe("import circles", () => {
  it("there are none in src/", () => {
    expect(importCircles(path.join(import.meta.dirname, "../src"))).toEqual([]);
  }, 60_000);

  it("are found through type-only imports, re-exports, import() and import types, across folders and .tsx", () => {
    const root = project({
      "a.ts": 'import type { B } from "./b/b";\nexport type A = { b: B };\n',
      "b/b.ts": 'export type { C } from "../c";\nexport type B = import("../c").C;\n',
      "c.tsx": 'export const load = () => import("./a");\nexport type C = number;\n',
      "d.ts": 'import { load } from "./c";\nexport const d = load;\n',
    });
    expect(importCircles(root)).toEqual([["a.ts", "b/b.ts", "c.tsx", "a.ts"]]);
  });

  it("are not made by packages, by files importing what does not import them back, or by import-like text", () => {
    const root = project({
      "a.ts":
        'import { z } from "zod";\nimport { b } from "./b";\n// import { a } from "./a";\nexport const a = `import("./a")` + b + z;\n',
      "b.ts": 'export const b = "./a";\n',
    });
    expect(importCircles(root)).toEqual([]);
  });

  it("include a file that imports itself", () => {
    const root = project({ "a.ts": 'import type { A as Self } from "./a";\nexport type A = { self?: Self };\n' });
    expect(importCircles(root)).toEqual([["a.ts", "a.ts"]]);
  });
});
