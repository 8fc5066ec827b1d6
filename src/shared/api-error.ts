// The JSON error shape every API error answers with.
import type { ErrorCode } from "./error-codes";

export type ApiErrorBody = {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  requestId?: string;
};
