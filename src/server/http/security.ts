// Cross-site request defences and caching rules for the API.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { forbidden, unsupportedMediaType } from "../errors";

/** Stored files never change under their content id: the one API answer a browser may keep (privately). */
export const CONTENT_ADDRESSED_CACHE = "private, max-age=31536000, immutable";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function registerRequestGuards(app: FastifyInstance, config: Config): void {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== config.appOrigin) {
      throw forbidden("Cross-origin request refused", "CROSS_ORIGIN");
    }
    const length = Number(request.headers["content-length"] ?? 0);
    const type = request.headers["content-type"];
    if ((length > 0 || request.headers["transfer-encoding"]) && !type) {
      throw unsupportedMediaType();
    }
  });

  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !request.url.startsWith("/api/docs")) {
      if (reply.getHeader("cache-control") === CONTENT_ADDRESSED_CACHE && reply.statusCode < 300) return;
      reply.header("cache-control", "no-store");
    }
  });
}
