// GET /api/files/{id}: a stored file, only to those who may see a project that holds it (others: 404).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/guards";
import { notFound } from "../../errors";
import { contentDisposition } from "../../http/content-disposition";
import { errorReplies } from "../../http/openapi";
import { CONTENT_ADDRESSED_CACHE } from "../../http/security";
import { findReadableFile } from "./project-files";

const FILE_NOT_FOUND = "File not found";

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/files/:id",
    {
      config: { pathIds: { id: "contentId" } },
      schema: {
        tags: ["files"],
        summary: "A stored file (screenshot, BRD, invoice) of a project the caller may see; content-addressed, cached privately",
        params: z.object({ id: z.string().max(128) }),
        querystring: z.strictObject({ download: z.enum(["1", "true"]).optional() }),
        produces: ["image/png", "image/jpeg", "image/webp", "image/gif", "application/pdf"],
        response: { 200: z.any().describe("The file's bytes"), 304: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const readable = await findReadableFile(ctx.db, { user, fileId: request.params.id });
      if (!readable) throw notFound(FILE_NOT_FOUND);
      const etag = `"${request.params.id}"`;
      const disposition = readable.contentType.startsWith("image/") && !request.query.download ? "inline" : "attachment";
      reply
        .header("cache-control", CONTENT_ADDRESSED_CACHE)
        .header("etag", etag)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header("content-disposition", contentDisposition(disposition, readable.filename))
        .header("vary", "cookie");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      const file = await ctx.files.get(request.params.id);
      if (!file) throw notFound(FILE_NOT_FOUND);
      return reply.type(readable.contentType).header("content-length", file.size).send(file.bytes);
    },
  );
};
