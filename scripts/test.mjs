// npm test: builds the web client, then runs every test on PGlite and, when TEST_DATABASE_URL names a server, at the
// same time the API and security tests that open the database under test again on PostgreSQL with the
// several-processes-behind-nginx test, then the dead change-feed link. The two passes share the machine: the browser
// tests leave a core part idle (they wait on Chromium and the servers), which the PostgreSQL pass fills
// (docs/performance.md, "The suite's own time").
import { execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/**
 * Runs one step and says how long it took; a step beside another has its lines marked with `label`, so the two logs
 * can be told apart.
 */
function run(command, args, { env = process.env, label } = {}) {
  const started = Date.now();
  const child = spawn(command, args, { env, stdio: label ? ["ignore", "pipe", "pipe"] : "inherit" });
  if (label) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on("line", (line) => out.write(`[${label}] ${line}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      console.log(`\n[npm test] ${[command, ...args].join(" ")}: ${seconds(started)}${status ? ` (exit ${status})` : ""}\n`);
      resolve(status);
    });
  });
}

/** Runs steps one after another; the first that fails stops them and gives its status. */
async function inTurn(...steps) {
  for (const step of steps) {
    const status = await step();
    if (status !== 0) return status;
  }
  return 0;
}

const started = Date.now();
const buildStatus = await run("npm", ["run", "build"]);
if (buildStatus !== 0) process.exit(buildStatus);

const passes = [run("npx", ["vitest", "run", ...process.argv.slice(2)], { env: withoutPostgres })];
if (TEST_DATABASE_URL) {
  console.log(`API tests also on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//")}), beside the first pass\n`);
  const env = { ...process.env, TEST_DATABASE_URL };
  // Files that never open the database under test would repeat the first pass exactly (scripts/lib/database-independent-tests.ts).
  const firstPassOnly = execFileSync(process.execPath, ["--import", "tsx", "scripts/lib/database-independent-tests.ts"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
  console.log(`${firstPassOnly.length} API and security files open no database under test: they run in the first pass only\n`);
  passes.push(
    inTurn(
      () =>
        run(
          "npx",
          [
            "vitest",
            "run",
            "--project",
            "api",
            "--project",
            "security",
            "--project",
            "cluster",
            ...firstPassOnly.flatMap((file) => ["--exclude", file]),
          ],
          { env, label: "postgres" },
        ),
      // The silent dead-link test needs a connection to lose, so it runs only here (PGlite has none).
      () =>
        run("npx", ["vitest", "run", "--project", "faults", "tests/faults/change-feed-link.test.ts"], { env, label: "postgres" }),
    ),
  );
}
const statuses = await Promise.all(passes);
console.log(`[npm test] all: ${seconds(started)}`);
process.exit(statuses.find((status) => status !== 0) ?? 0);
