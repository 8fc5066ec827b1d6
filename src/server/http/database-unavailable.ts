// Recognises "the database is not there right now" (refused, dropped, restarting, out of connections) in any error,
// however a driver or Drizzle wraps it, so the API answers 503 with Retry-After instead of a 500.

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
/** SQLSTATE: admin/crash shutdown, cannot connect now, too many connections. Class 08 is any connection exception. */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
  "Client was closed and is not queryable",
];

export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && MESSAGES.some((text) => message.includes(text))) return true;
    current = cause;
  }
  return false;
}
