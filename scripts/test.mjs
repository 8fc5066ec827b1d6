// npm test: builds, then runs every test on PGlite in two steps: the unit, API, security and smoke tests, which keep
// both cores busy on their own, then the browser tests beside the fault tests, which wait on Chromium, servers and
// child processes and leave a core part idle. Beside that second step it runs the passes that fill the idle part: when
// TEST_DATABASE_URL names a server, the API and security tests that open the database under test again on PostgreSQL
// with the several-processes-behind-nginx test, then the dead change-feed link; when TEST_ALSO_ON_NODE names another
// Node executable (in CI the machine's Node 20, the lowest supported), the built server's smoke test on it
// (docs/performance.md, "The suite's own time"). Arguments go to the PGlite run, which is then one `vitest run` with the
// side passes beside it.
import { execFileSync, spawn } from "node:child_process";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { buildInputsHash, recordBuild } from "./lib/build-stamp.mjs";

const { TEST_DATABASE_URL, TEST_ALSO_ON_NODE, ...withoutSidePasses } = process.env;
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const vitestArgs = process.argv.slice(2);

/**
 * Runs one step and says how long it took; a step beside another has its lines marked with `label`, so the two logs
 * can be told apart.
 */
function run(command, args, { env = withoutSidePasses, label } = {}) {
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

/** Runs steps at once and gives the first failing status, after all have ended. */
async function together(...steps) {
  const statuses = await Promise.all(steps.map((step) => step()));
  return statuses.find((status) => status !== 0) ?? 0;
}

const projects = (...names) => names.flatMap((name) => ["--project", name]);

function postgresPass() {
  console.log(`API tests also on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//")})\n`);
  const env = { ...withoutSidePasses, TEST_DATABASE_URL };
  // Files that never open the database under test would repeat the first pass exactly (scripts/lib/database-independent-tests.ts).
  const firstPassOnly = execFileSync(process.execPath, ["--import", "tsx", "scripts/lib/database-independent-tests.ts"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
  console.log(`${firstPassOnly.length} API and security files open no database under test: they run on PGlite only\n`);
  const exclusions = firstPassOnly.flatMap((file) => ["--exclude", file]);
  return inTurn(
    () => run("npx", ["vitest", "run", ...projects("api", "security", "cluster"), ...exclusions], { env, label: "postgres" }),
    // The silent dead-link test needs a connection to lose, so it runs only here (PGlite has none).
    () =>
      run("npx", ["vitest", "run", "--project", "faults", "tests/faults/change-feed-link.test.ts"], { env, label: "postgres" }),
  );
}

function otherNodePass() {
  const version = execFileSync(TEST_ALSO_ON_NODE, ["--version"], { encoding: "utf8" }).trim();
  console.log(`The built server's smoke test also on Node ${version}\n`);
  const env = { ...withoutSidePasses, PATH: `${dirname(TEST_ALSO_ON_NODE)}:${process.env.PATH}` };
  return run("npx", ["vitest", "run", ...projects("smoke")], { env, label: `node ${version}` });
}

const sidePasses = [...(TEST_DATABASE_URL ? [postgresPass] : []), ...(TEST_ALSO_ON_NODE ? [otherNodePass] : [])];

const started = Date.now();
const inputsHash = buildInputsHash();
// `npm run build`'s two halves write dist/client and dist/server apart, so they run beside each other, and beside them
// the tests' PGlite snapshot, which the first run's global set-up would otherwise make while every worker waits on it
// (a fresh clone has none cached).
const buildStatus = await together(
  () => run("npm", ["run", "build:client"], { env: process.env, label: "build:client" }),
  () => run("npm", ["run", "build:server"], { env: process.env, label: "build:server" }),
  () =>
    run(process.execPath, ["--import", "tsx", "scripts/lib/pglite-test-snapshot.ts"], { env: process.env, label: "snapshot" }),
);
if (buildStatus !== 0) process.exit(buildStatus);
// The tests' child servers run this build only when it is of the sources as they are (tests/setup/child-server.ts).
recordBuild(inputsHash);

let status;
if (vitestArgs.length > 0) {
  status = await together(() => run("npx", ["vitest", "run", ...vitestArgs]), ...sidePasses);
} else {
  // The fault tests run one file at a time (their project's fileParallelism), so in a run of their own beside the
  // browser tests: in one run with them they would start only after the last browser test. Every step runs whatever
  // the first gives, so one run reports every failure.
  const first = await run("npx", ["vitest", "run", ...projects("unit*", "api", "security", "smoke")]);
  const second = await together(
    () => run("npx", ["vitest", "run", ...projects("e2e")]),
    () => run("npx", ["vitest", "run", ...projects("faults")], { label: "faults" }),
    ...sidePasses,
  );
  status = first || second;
}
console.log(`[npm test] all: ${seconds(started)}`);
process.exit(status);
