// Starts the server and shuts it down gracefully on SIGTERM/SIGINT.
import path from "node:path";
import { DEMO_CODE } from "../shared/constants/auth";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { dataDirProblem, describeDataDirError } from "./data-dir";
import { EmbeddedFormatError } from "./db/embedded-format";
import { NewerDatabaseError } from "./db/migration-level";
import { installCrashHandlers } from "./operation-context";
import { upgradeEmbeddedDatabase } from "./ops/embedded-upgrade";

async function main(): Promise<void> {
  // Whatever the server writes (embedded database, generated key) is readable by its own user only.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The embedded database lives in DATA_DIR: a read-only, full or misnamed folder stops here with a plain message.
  const problem = config.databaseUrl.startsWith("pglite://") ? dataDirProblem(config.dataDir) : null;
  if (problem) {
    console.error(`Cannot start: ${problem}`);
    process.exit(1);
  }
  // An embedded database made by another PostgreSQL major is dumped and reloaded first, or the start stops here.
  if (config.databaseUrl.startsWith("pglite://")) {
    try {
      await upgradeEmbeddedDatabase({ folder: config.databaseUrl.slice("pglite://".length), log: (line) => console.log(line) });
    } catch (error) {
      if (!(error instanceof EmbeddedFormatError)) throw error;
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config });
  } catch (error) {
    // A database a newer build migrated: this build would run on a schema it does not know.
    if (error instanceof NewerDatabaseError || error instanceof EmbeddedFormatError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    // A new embedded database is copied from the build's template: a full or read-only disk stops that copy.
    const { path: failedPath, dest } = error as { path?: unknown; dest?: unknown };
    const written = typeof dest === "string" ? dest : failedPath;
    const copyProblem =
      typeof written === "string" && written.startsWith(`${config.dataDir}${path.sep}`)
        ? describeDataDirError(config.dataDir, error)
        : null;
    if (copyProblem) {
      console.error(`Cannot start: ${copyProblem}`);
      process.exit(1);
    }
    // The embedded database reports a full or read-only disk as a bare errno: say what it means.
    if (config.databaseUrl.startsWith("pglite://") && (error as { name?: string }).name === "ErrnoError") {
      console.error(
        `Cannot start: DATA_DIR: the embedded database in ${config.dataDir} could not be written (disk full or read-only?).`,
      );
      process.exit(1);
    }
    throw error;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Draining first: /readyz answers 503 while requests are still served, so the load balancer stops sending new
    // ones here before this process refuses them.
    app.lifecycle.draining = true;
    const drainMs = config.shutdownDrainSeconds * 1000;
    const force = setTimeout(() => process.exit(1), drainMs + 30_000);
    force.unref();
    if (drainMs > 0) {
      app.log.info({ signal, drainMs }, "draining: /readyz answers 503");
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // A load balancer's keep-alive connections go idle one by one as their last request finishes: close each as it
    // does (Node closes only those idle at the moment close() starts), so the drain ends with the last request.
    const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
    idleCloser.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  // An error nothing caught is logged with the request or inbound message it came from; then the process closes
  // what it can (at most 10 s) and exits with 1, so the supervisor restarts it in a known state.
  installCrashHandlers(app.log, () => {
    app.lifecycle.draining = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().finally(() => process.exit(1));
  });
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ port: config.port, host: config.host });
  // One address, the one that works (APP_URL: the origin sign-in accepts), as plain text even when the logs are JSON.
  process.stdout.write(`${readyLine(config)}\n`);
  app.log.info({ appUrl: config.appUrl }, "Blueprint is running");
}

/** "Blueprint is running at http://localhost:3000 — demo account: demo@blueprint.local, code 000000". */
export function readyLine(config: { appUrl: string; demoEmail: string | null }): string {
  const demo = config.demoEmail ? ` — demo account: ${config.demoEmail}, code ${DEMO_CODE}` : "";
  return `Blueprint is running at ${config.appUrl}${demo}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
