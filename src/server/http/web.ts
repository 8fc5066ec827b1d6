// Serves the built client: hashed assets with long caching, and the app's HTML for every page route.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isKnownPath } from "../../shared/routes";

export function clientDistDir(): string | null {
  const candidates = [
    path.resolve("dist/client"),
    path.resolve(import.meta.dirname, "../client"),
    path.resolve(import.meta.dirname, "../../../dist/client"),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, "index.html"))) ?? null;
}

export async function registerWebClient(app: FastifyInstance): Promise<void> {
  const dir = clientDistDir();
  if (!dir) {
    app.log.warn("dist/client is missing: run `npm run build:client` to serve the web app");
    return;
  }
  const indexHtml = readFileSync(path.join(dir, "index.html"), "utf8");

  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: false,
    globIgnore: ["index.html"],
    setHeaders(res, filePath) {
      res.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/")) {
      return reply.status(404).send({ message: "Not found", code: "NOT_FOUND", requestId: String(request.id) });
    }
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8");
    return reply.status(isKnownPath(pathname) ? 200 : 404).send(indexHtml);
  });
}
