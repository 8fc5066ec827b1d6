// Typed application errors; one handler (http/error-handler.ts) maps them to the JSON error shape.
// Codes come only from the closed list in shared/error-codes.ts, which also fixes each code's HTTP status.
import { type CodeWithStatus, ERROR_STATUS, type ErrorCode } from "../shared/error-codes";

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code: CodeWithStatus<400> = "VALIDATION_FAILED") =>
  new AppError(code, message, fields);
export const unauthorized = (message = "Not authenticated") => new AppError("UNAUTHENTICATED", message);
export const forbidden = (message = "Forbidden", code: CodeWithStatus<403> = "FORBIDDEN") => new AppError(code, message);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string, code: CodeWithStatus<409> = "CONFLICT") => new AppError(code, message);
export const payloadTooLarge = (message: string, fields?: Record<string, string>) =>
  new AppError("PAYLOAD_TOO_LARGE", message, fields);
export const unsupportedMediaType = (message = "Unsupported content type") => new AppError("UNSUPPORTED_MEDIA_TYPE", message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = "Too many requests. Please try again later.",
  code: CodeWithStatus<429> = "RATE_LIMITED",
) => new AppError(code, message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const badGateway = (message: string, code: CodeWithStatus<502> = "BAD_GATEWAY") => new AppError(code, message);
export const serviceUnavailable = (message: string, code: CodeWithStatus<503> = "SERVICE_UNAVAILABLE") =>
  new AppError(code, message);
