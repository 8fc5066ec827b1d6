import { configDefaults, defineConfig } from "vitest/config";

const ZOD_LOAD_ORDER_TEST = "src/client/lib/zod-jitless.test.ts";

export default defineConfig({
  test: {
    // One more worker than cores: much of the suite waits on servers, Chromium and child processes, not the CPU
    // (3 workers: the unit, API and security tests 255 s -> 176 s on 2 cores). Faults run their files one at a time;
    // the browser tests run after everything else, two files at a time. npm test runs them in runs of their own, the
    // browser and fault tests beside each other (scripts/test.mjs).
    maxWorkers: 3,
    // Modules transformed once are kept in node_modules/.experimental-vitest-cache (keyed by their content, the config
    // and the lockfile): npm test's five other runs (browser, faults, PostgreSQL, dead link, other Node) read them.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ZOD_LOAD_ORDER_TEST],
          // Pure code: the files share their worker's modules (22 -> 8 CPU s).
          isolate: false,
          environment: "node",
        },
      },
      {
        // Checks what zod does when it loads after a setting, so it needs a module graph of its own.
        test: { name: "unit-fresh-modules", include: [ZOD_LOAD_ORDER_TEST], environment: "node" },
      },
      {
        test: {
          name: "api",
          // Files in one worker share loaded modules: each builds its own app, database and servers, so nothing is
          // shared but the code, and the server's import is paid once per worker, not per file (250 s -> 153 s).
          isolate: false,
          include: ["src/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "security",
          // Files in one worker share loaded modules: each builds its own app, database and servers, so nothing is
          // shared but the code, and the server's import is paid once per worker, not per file (250 s -> 153 s).
          isolate: false,
          include: ["tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "faults",
          include: ["tests/faults/**/*.test.ts", "tests/ops/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          // Each file starts its own servers (PostgreSQL, SMTP, child processes): one at a time keeps timings honest.
          fileParallelism: false,
          // As the API tests: only the code is shared between files (39 -> 27 CPU s).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // Files in one worker share loaded modules, so one Chromium serves them all (tests/setup/browser.ts); each
          // file still has its own server, database and browser contexts.
          isolate: false,
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          // After the other projects (group 0), two files at a time, each with its own server and Chromium.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The built server in its own process (npm test builds first); CI runs it again on the lowest supported Node.
          name: "smoke",
          include: ["tests/smoke/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      // Several built processes behind nginx need a PostgreSQL server: this project runs in npm test's PostgreSQL phase.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "cluster", include: ["tests/cluster/**/*.test.ts"], environment: "node", testTimeout: 60_000 } }]
        : []),
    ],
  },
});
