// npm test: builds the web client, runs every test on PGlite, then the API tests again on PostgreSQL
// when TEST_DATABASE_URL names a server, with the several-processes-behind-nginx test and the dead change-feed link.
import { spawnSync } from "node:child_process";

/** Runs one step and says how long it took (the suite's own time is tracked in docs/performance.md). */
function run(command, args, env = process.env) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  console.log(`\n[npm test] ${[command, ...args].join(" ")}: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
run("npm", ["run", "build"]);
run("npx", ["vitest", "run", ...process.argv.slice(2)], withoutPostgres);
if (TEST_DATABASE_URL) {
  console.log(`\nAPI tests again on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//")})\n`);
  run("npx", ["vitest", "run", "--project", "api", "--project", "security", "--project", "cluster"], {
    ...process.env,
    TEST_DATABASE_URL,
  });
  // The silent dead-link test needs a connection to lose, so it runs only here (PGlite has none).
  run("npx", ["vitest", "run", "--project", "faults", "tests/faults/change-feed-link.test.ts"], {
    ...process.env,
    TEST_DATABASE_URL,
  });
}
