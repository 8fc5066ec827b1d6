// The JSON error shape every API error answers with (DESIGN.md §3).
import type { ErrorCode } from "./error-codes";

export type ApiErrorBody = {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  requestId?: string;
};

/** Part 1 §8: an error whose message names 401 or an auth failure is a lost session. */
export function isUnauthorizedError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /401|Unauthorized|Authentication required|Not authenticated/.test(message);
}
