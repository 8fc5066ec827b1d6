// Maps every thrown error to the JSON error shape with the right status; never leaks a stack trace.
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody } from "../../shared/api-error";
import { genericCodeFor } from "../../shared/error-codes";
import { AppError } from "../errors";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./database-unavailable";

function fieldsFromZod(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  // Every query string schema is strict (shared/schemas/paging.ts): a parameter it does not name is refused by name.
  const unknown = error.validationContext === "querystring" ? "Unknown query parameter" : "Unknown field";
  const issues = (error.validation ?? []) as Array<{
    keyword?: string;
    instancePath?: string;
    message?: string;
    params?: { keys?: string[]; issue?: { path?: PropertyKey[]; message?: string; code?: string; keys?: string[] } };
  }>;
  for (const entry of issues) {
    const issue = entry.params?.issue;
    // fastify-type-provider-zod puts the zod issue's code in `keyword` and its other properties in `params`.
    const unknownKeys =
      entry.keyword === "unrecognized_keys" ? entry.params?.keys : issue?.code === "unrecognized_keys" ? issue.keys : undefined;
    if (unknownKeys) {
      const prefix = entry.instancePath?.replace(/^\//, "").replace(/\//g, ".");
      for (const key of unknownKeys) fields[prefix ? `${prefix}.${key}` : key] = `${unknown}: ${key}`;
      continue;
    }
    const key = issue?.path?.map(String).join(".") || entry.instancePath?.replace(/^\//, "").replace(/\//g, ".") || "body";
    if (!fields[key]) fields[key] = issue?.message ?? entry.message ?? "Invalid value";
  }
  return fields;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = String(request.id);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ApiErrorBody = { message: error.message, code: error.code, requestId };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromZod(error);
      const first = Object.values(fields)[0];
      return reply
        .status(400)
        .send({ message: first ?? "Invalid request", code: "VALIDATION_FAILED", fields, requestId } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (body too large, malformed JSON, ...) answer with our code for that status, not theirs.
      const code = genericCodeFor(status);
      const message =
        status === 413
          ? "Request body is too large"
          : status === 415
            ? "Unsupported content type"
            : status === 400 && error.code === "FST_ERR_CTP_INVALID_JSON_BODY"
              ? "Malformed JSON body"
              : error.message;
      return reply.status(status).send({ message, code, requestId } satisfies ApiErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          message: "The service is briefly unavailable. Please try again in a moment.",
          code: "SERVICE_UNAVAILABLE",
          requestId,
        } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send({ message: `Something went wrong. Reference: ${requestId}`, code: "INTERNAL", requestId } satisfies ApiErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: "Not found", code: "NOT_FOUND", requestId: String(request.id) } satisfies ApiErrorBody);
  });
}
