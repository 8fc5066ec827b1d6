// The error reply schema shared by every route's OpenAPI description: the JSON error shape with the closed code list.
import { z } from "zod";
import { ERROR_CODES } from "../../shared/error-codes";

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

/**
 * The error answers every route can give (422: an Idempotency-Key reused for another body); routes add 409, 413 or
 * 502 where their use case throws them.
 */
export const errorReplies = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
};
