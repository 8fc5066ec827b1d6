// Per-user allowances for what customers write (issue 26, item 5: one customer posted 30 messages, 30 feedback
// items and 30 meeting requests in 12 seconds, all 201, queueing 60 emails to the company). Each write that the
// company is told about counts against its own allowance; past it, 429 with Retry-After and a message every form
// shows as it is (the toast takes the server's message). Company users are not limited here. Counted in the
// database with the shared helpers (auth/rate-limit.ts), so they hold across server processes.

import { consumeRateLimits } from "../auth/rate-limit";
import type { SessionUser } from "../auth/sessions";
import type { Database } from "../db/client";

export const CUSTOMER_WRITE_LIMITS = {
  /** New threads and replies typed in the portal, together (replies by email have their own, inbound-server.ts). */
  messages: { max: 20, windowSeconds: 10 * 60 },
  feedback: { max: 20, windowSeconds: 10 * 60 },
  meetingRequests: { max: 10, windowSeconds: 60 * 60 },
} as const;

export type CustomerWrite = keyof typeof CUSTOMER_WRITE_LIMITS;

export const CUSTOMER_WRITE_MESSAGES: Record<CustomerWrite, string> = {
  messages: "You have sent many messages in a short time. Please wait a few minutes before sending another.",
  feedback: "You have sent a lot of feedback in a short time. Please wait a few minutes before sending more.",
  meetingRequests: "You have requested many meetings in the last hour. Please wait before requesting another.",
};

/** Counts one write of `kind` by a customer, or refuses it (429 with Retry-After) past the allowance. */
export async function limitCustomerWrite(
  db: Database,
  user: Pick<SessionUser, "id" | "role">,
  kind: CustomerWrite,
): Promise<void> {
  if (user.role !== "customer") return;
  await consumeRateLimits(
    db,
    [{ bucket: `customer-${kind}-user`, key: user.id, ...CUSTOMER_WRITE_LIMITS[kind] }],
    CUSTOMER_WRITE_MESSAGES[kind],
  );
}
