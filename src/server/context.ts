// What every route and use case may reach: the database, the configuration, the mail outbox, the file store and the
// read caches.

import type { SessionUser } from "./auth/sessions";
import type { ReadCaches } from "./cache/read-caches";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { EmailOutbox } from "./email/outbox";
import type { FileStore } from "./files/file-store";

export type AppContext = {
  config: Config;
  db: Database;
  email: EmailOutbox;
  files: FileStore;
  caches: ReadCaches;
};

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Cached result of the session lookup: undefined until looked up, null when signed out. */
    sessionUser?: SessionUser | null;
  }
}
