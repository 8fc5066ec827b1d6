// The closed list of API error codes and the HTTP status each one answers with.
// The server's error constructors, its error handler, the OpenAPI replies and the client's parser all read it:
// adding a code is one line here.

export const ERROR_STATUS = {
  // 400: the request cannot be taken as it is. The generic code of each status comes first.
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  CODE_WRONG: 400,
  CODE_EXPIRED: 400,
  CODE_USED: 400,
  CODE_MISSING: 400,
  EMAIL_MISMATCH: 400,
  PROFILE_REQUIRED: 400,
  WEBHOOK_SIGNATURE_INVALID: 400,
  REQUIREMENTS_NOT_SAVED: 400,
  BRIEF_EMPTY: 400,
  AI_NOT_CONFIGURED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  MEMBER_CANNOT_CREATE: 403,
  CROSS_ORIGIN: 403,
  ACCESS_EXPIRED: 403,
  STAFF_DEACTIVATED: 403,
  NOT_FOUND: 404,
  // 409: the request is fine but the thing's current state refuses it.
  CONFLICT: 409,
  BRIEF_LOCKED: 409,
  ALREADY_MEMBER: 409,
  IS_OWNER: 409,
  NO_SLOTS: 409,
  NDA_ALREADY_SIGNED: 409,
  NDA_NOT_PENDING: 409,
  PROFILE_COMPLETE: 409,
  NDA_REQUIRED: 409,
  FEEDBACK_LOCKED: 409,
  ROUND_NOTHING_DONE: 409,
  ROUNDS_USED_UP: 409,
  NO_PUBLISHED_VERSION: 409,
  ALREADY_APPROVED: 409,
  NOT_APPROVED: 409,
  TEAM_NOT_OPEN: 409,
  PROJECT_NOT_EMPTY: 409,
  PAYMENT_ALREADY_PAID: 409,
  PAYMENT_AMOUNT_MISSING: 409,
  PAYMENTS_NOT_CONFIGURED: 409,
  LEGAL_DETAILS_MISSING: 409,
  PROPOSAL_NOT_READY: 409,
  PROPOSAL_NOT_ACCEPTED: 409,
  PROPOSAL_ALREADY_ACCEPTED: 409,
  PROPOSAL_CHANGED: 409,
  LAST_OWNER: 409,
  STAFF_ADDRESS: 409,
  CUSTOMER_ADDRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 422: well formed, but its Idempotency-Key was already used by the same caller for another body.
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  CODE_LOCKED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  AI_UNAVAILABLE: 502,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** The codes that answer with the given status: `CodeWithStatus<409>` is "BRIEF_LOCKED" | "NO_SLOTS" | ... */
export type CodeWithStatus<S extends ErrorStatus> = {
  [K in ErrorCode]: (typeof ERROR_STATUS)[K] extends S ? K : never;
}[ErrorCode];

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

/** The generic code for a status nobody named a code for (a framework's 400, a proxy's 502): the first one listed. */
export function genericCodeFor(status: number): ErrorCode {
  const listed = ERROR_CODES.find((code) => ERROR_STATUS[code] === status);
  if (listed) return listed;
  return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
}
