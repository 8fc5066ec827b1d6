// The client's one way to talk to the API: cookies always sent, JSON (or multipart) bodies, and every non-ok answer
// parsed once into an ApiError. Its message stays "status: body" for display; decisions read
// `status` and `code`, never the text.
import type { ApiErrorBody } from "../../shared/api-error";
import { type ErrorCode, genericCodeFor, isErrorCode } from "../../shared/error-codes";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** The server's own message (the JSON body's `message`), or the body text when it is not our JSON. */
    readonly serverMessage: string,
    readonly fields: Record<string, string>,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function readBody(text: string): Partial<ApiErrorBody> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Partial<ApiErrorBody>) : null;
  } catch {
    return null;
  }
}

/** Reads a non-ok answer's status and body text into an ApiError; a body that is not our JSON shape still parses. */
export function parseApiError(status: number, statusText: string, bodyText: string): ApiError {
  const text = bodyText || statusText;
  const body = readBody(bodyText);
  const code = isErrorCode(body?.code) ? body.code : genericCodeFor(status);
  const message = typeof body?.message === "string" && body.message ? body.message : text;
  const fields =
    body?.fields && typeof body.fields === "object"
      ? Object.fromEntries(Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
      : {};
  const requestId = typeof body?.requestId === "string" ? body.requestId : null;
  return new ApiError(status, code, `${status}: ${text}`, message, fields, requestId);
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A fresh key for one submission (crypto.randomUUID is missing outside secure contexts, so it is built by hand). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Every state-changing request carries an `Idempotency-Key` (one per submission, or the caller's own to retry the
 * same submission): should it arrive twice, the server answers the second with the first answer instead of acting
 * again.
 * `signal` cancels the request: a query passes TanStack Query's own (`queryFn: ({ signal }) => ...`), so an answer
 * nobody waits for any more (the search changed as the admin typed) is not fetched to the end.
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<T> {
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = body === undefined || isForm ? {} : { "Content-Type": "application/json" };
  if (STATE_CHANGING.has(method)) headers["Idempotency-Key"] = options.idempotencyKey ?? newIdempotencyKey();
  const response = await fetch(url, {
    method,
    signal: options.signal,
    credentials: "include",
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  // The body is always read, so no answer is left open (an unread one keeps the connection busy).
  const text = await response.text();
  if (!response.ok) throw parseApiError(response.status, response.statusText, text);
  return (text ? JSON.parse(text) : null) as T;
}

/** A lost session is a 401 answer and nothing else: a 404 whose text mentions "401" is still a 404. */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server's own message from an error, else the given fallback (a network failure has no server message). */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.serverMessage || fallback : fallback;
}

/** Field messages from a refused form (400), to show beside the fields; none for any other error. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** A multipart body with one file part named `file` (the upload routes' field). */
export function fileForm(file: File): FormData {
  const body = new FormData();
  body.append("file", file);
  return body;
}
