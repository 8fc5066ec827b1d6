// The real app listening on a free port, with the built web client, for browser tests.
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { clientDistDir } from "../../src/server/http/web";
import { TEST_ENV } from "./test-app";
import { openTestDatabase } from "./test-database";

export type TestServer = { app: FastifyInstance; url: string; close(): Promise<void> };

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!clientDistDir()) throw new Error("dist/client is missing: run `npm run build:client` before the browser tests");
  const database = await openTestDatabase();
  // Listen first on port 0 to learn the port, so APP_URL (the Origin check) matches the real address.
  const probe = await import("node:net").then(
    (net) =>
      new Promise<number>((resolve) => {
        const server = net.createServer().listen(0, "127.0.0.1", () => {
          const address = server.address();
          const port = typeof address === "object" && address ? address.port : 0;
          server.close(() => resolve(port));
        });
      }),
  );
  const url = `http://127.0.0.1:${probe}`;
  const config = loadConfig({ ...TEST_ENV, APP_URL: url, PORT: String(probe), ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: probe, host: "127.0.0.1" });
  return {
    app,
    url,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
