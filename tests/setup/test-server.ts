import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { clientDistDir } from "../../src/server/http/web";
import { freePort } from "./free-port";
import { recordQueuedEmails } from "./test-app";
import { openTestDatabase } from "./test-database";
import { TEST_ENV } from "./test-env";

export type TestServer = { app: FastifyInstance; url: string; database: DatabaseHandle; close(): Promise<void> };

export type TestServerOptions = Pick<
  BuildAppOptions,
  "serveClient" | "clientDir" | "transport" | "serverTimeouts" | "dnsResolver"
> & {
  /**
   * Run the scheduled jobs (default false, as in the API tests: they drive them by hand). A tick that began while a
   * test watched the database would write rows no request made: the security tests' "a refused request changes nothing".
   */
  scheduledJobs?: boolean;
  /** An already open database (default: a fresh test database, closed with the server). */
  database?: DatabaseHandle;
};

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const servesBuiltClient = options.serveClient !== false && !options.clientDir;
  if (servesBuiltClient && !clientDistDir()) {
    throw new Error("dist/client is missing: run `npm run build:client` before the browser tests");
  }
  const database = options.database ?? (await openTestDatabase());
  // Learn a free port first, so APP_URL (the Origin check) matches the real address.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ ...TEST_ENV, APP_URL: url, PORT: String(port), ...env });
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveClient: options.serveClient,
    clientDir: options.clientDir,
    transport: options.transport,
    serverTimeouts: options.serverTimeouts,
    dnsResolver: options.dnsResolver,
    scheduledJobs: options.scheduledJobs ?? false,
  });
  recordQueuedEmails(app);
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    url,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
