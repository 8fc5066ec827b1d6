// npm test's PostgreSQL pass leaves out only the files that cannot reach the database it provides.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseIndependentTests } from "./database-independent-tests";

const root = mkdtempSync(path.join(tmpdir(), "independent-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), code);
  }
}

describe("the files the PostgreSQL pass leaves out", () => {
  it("are those whose imports, followed through every module and import type, never reach the test database", () => {
    write({
      "tests/setup/test-database.ts": "export const openTestDatabase = () => null;\n",
      "tests/setup/test-app.ts": 'import { openTestDatabase } from "./test-database";\nexport const app = openTestDatabase;\n',
      "tests/setup/free-port.ts": "export const freePort = () => 0;\n",
      "src/server/helper.ts": 'export type { App } from "./types";\n',
      "src/server/types.ts": 'export type App = typeof import("../../tests/setup/test-app").app;\n',
      "src/server/direct.test.ts": 'import { app } from "../../tests/setup/test-app";\napp();\n',
      "src/server/through-types.test.ts": 'import type { App } from "./helper";\nexport type T = App;\n',
      "src/server/deep/child-process.test.ts": 'import { freePort } from "../../../tests/setup/free-port";\nfreePort();\n',
      "tests/security/world.test.ts": 'import "../setup/test-app";\n',
      "tests/security/pure.test.ts": "export {};\n",
    });
    expect(databaseIndependentTests(root)).toEqual(["src/server/deep/child-process.test.ts", "tests/security/pure.test.ts"]);
  });

  it("in this repository include the server started as its own process, and none that builds an app on the test database", () => {
    const files = databaseIndependentTests();
    expect(files).toContain("src/server/main.test.ts");
    expect(files).toContain("tests/security/crash-log.test.ts");
    // Its child servers run on PGlite; it imports the settings (test-env.ts), not the app on the test database.
    expect(files).toContain("tests/security/nginx-retries.test.ts");
    for (const usesDatabase of ["src/server/features/payments/payments.test.ts", "tests/security/access.test.ts"]) {
      expect(files).not.toContain(usesDatabase);
    }
  }, 60_000);
});
