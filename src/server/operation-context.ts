// Which request or inbound message the running code serves, so an error that escapes everything (an uncaught
// exception, an unhandled rejection) is logged with the id of what caused it before the process exits.
import { AsyncLocalStorage } from "node:async_hooks";

export type Operation = { requestId: string } | { smtpSession: string };

export const operationContext = new AsyncLocalStorage<Operation>();

type FatalLog = { fatal(details: object, message: string): void };

/**
 * Logs an uncaught exception or unhandled rejection with the request id or SMTP session it happened in, then lets
 * `exit` end the process cleanly (the state after such an error is unknown: carrying on would be worse).
 */
export function installCrashHandlers(log: FatalLog, exit: (cause: "uncaughtException" | "unhandledRejection") => void): void {
  let exiting = false;
  const handle = (cause: "uncaughtException" | "unhandledRejection") => (error: unknown) => {
    log.fatal({ err: error, ...operationContext.getStore(), cause }, `${cause}: the process exits`);
    if (exiting) return;
    exiting = true;
    exit(cause);
  };
  process.on("uncaughtException", handle("uncaughtException"));
  process.on("unhandledRejection", handle("unhandledRejection"));
}
