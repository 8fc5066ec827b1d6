// What every route and use case may reach: the database, the configuration and the mail outbox.

import type { SessionUser } from "./auth/sessions";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { EmailOutbox } from "./email/outbox";
import type { FileStore } from "./files/file-store";

export type AppContext = {
  config: Config;
  db: Database;
  email: EmailOutbox;
  files: FileStore;
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
