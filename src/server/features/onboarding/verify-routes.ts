// POST /api/verify-document: the public /verify page's call. Multipart, one PDF, at most 20 MB, read as a stream.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VERIFY_MAX_BYTES } from "../../../shared/constants/documents";
import { documentCheckSchema } from "../../../shared/schemas/nda";
import { consumeRateLimits } from "../../auth/rate-limit";
import { payloadTooLarge, unsupportedMediaType } from "../../errors";
import { acceptMultipart, readOneFile } from "../../http/multipart";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { checkIssuedDocument, hashPdfStream, NOT_A_PDF } from "./verify-document";

const VERIFY_LIMIT_PER_IP = { max: 30, windowSeconds: 10 * 60 };

/** Registered on its own (encapsulated), so multipart bodies are accepted only here. */
export const verifyDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await acceptMultipart(app, { fileSize: VERIFY_MAX_BYTES });

  app.post(
    "/api/verify-document",
    {
      // Checks an uploaded file against the sealed documents: changes nothing.
      config: { audit: false },
      schema: {
        tags: ["documents"],
        summary: "Check whether an uploaded PDF is exactly a document this portal issued (multipart field 'file')",
        consumes: ["multipart/form-data"],
        response: { 200: documentCheckSchema, ...errorReplies, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw unsupportedMediaType(NOT_A_PDF);
      await consumeRateLimits(ctx.db, [{ bucket: "verify-document-ip-10m", key: request.ip, ...VERIFY_LIMIT_PER_IP }]);
      const sha256 = await readOneFile(request, {
        fileField: "file",
        missing: "Please choose a PDF file to check",
        tooLarge: () => payloadTooLarge("The file is larger than 20 MB"),
        notMultipart: () => unsupportedMediaType(NOT_A_PDF),
        // Hashed as it streams: a 20 MB upload is never held in memory.
        readFile: (part) => hashPdfStream(part.file),
      });
      return checkIssuedDocument(ctx.db, sha256);
    },
  );
};
