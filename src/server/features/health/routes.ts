import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { serviceUnavailable } from "../../errors";
import { apiErrorSchema } from "../../http/openapi";
import { APP_VERSION } from "../../ops/version";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    {
      logLevel: "warn",
      schema: { tags: ["operations"], summary: "The process is up", response: { 200: z.object({ status: z.literal("ok") }) } },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      logLevel: "warn",
      schema: {
        tags: ["operations"],
        summary: "The database answers and the process is not stopping (503 while it drains)",
        response: { 200: z.object({ status: z.literal("ready"), version: z.string() }), 503: apiErrorSchema },
      },
    },
    async () => {
      if (app.lifecycle.draining) throw serviceUnavailable("This process is stopping");
      try {
        await app.ctx.db.execute(sql`select 1`);
      } catch {
        throw serviceUnavailable("Database is not reachable", "DATABASE_UNAVAILABLE");
      }
      return { status: "ready" as const, version: APP_VERSION };
    },
  );
};
