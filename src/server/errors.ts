// Typed application errors; one handler (http/error-handler.ts) maps them to the JSON error shape.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code = "VALIDATION_FAILED") =>
  new AppError(400, code, message, fields);
export const unauthorized = (message = "Not authenticated") => new AppError(401, "UNAUTHENTICATED", message);
export const forbidden = (message = "Forbidden") => new AppError(403, "FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new AppError(429, "RATE_LIMITED", message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string, code = "SERVICE_UNAVAILABLE") => new AppError(503, code, message);
