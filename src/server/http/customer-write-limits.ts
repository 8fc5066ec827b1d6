// Per-user allowances for what customers write (issue 26, item 5: one customer posted 30 messages, 30 feedback
// items and 30 meeting requests in 12 seconds, all 201, queueing 60 emails to the company). Every customer write
// route counts against an allowance: its own here, or one of its own elsewhere (sign-in and NDA codes, the contact
// form, invitations, New Project, brief generation, export and deletion; `customer-write-limits.test.ts` lists every
// write route of the OpenAPI document with the allowance that holds it, or why none is needed). Past it, 429 with
// Retry-After and a message every form shows as it is (the toasts take the server's message). Company users are not
// limited here. Counted in the database with the shared atomic helper (auth/rate-limit.ts: a lock per bucket and
// key), so they hold under concurrency and across server processes.

import { consumeRateLimits } from "../auth/rate-limit";
import type { SessionUser } from "../auth/sessions";
import type { Database } from "../db/client";

type Window = { readonly max: number; readonly windowSeconds: number };

/** Each kind's windows: all of them must have room. */
export const CUSTOMER_WRITE_LIMITS = {
  /** New threads and replies typed in the portal, together (replies by email have their own, inbound-server.ts). */
  messages: [{ max: 20, windowSeconds: 10 * 60 }],
  feedback: [{ max: 20, windowSeconds: 10 * 60 }],
  /** Edits of one's own feedback items (each may replace the screenshot), and confirming or reopening a fix. */
  feedbackEdits: [{ max: 60, windowSeconds: 10 * 60 }],
  meetingRequests: [{ max: 10, windowSeconds: 60 * 60 }],
  /**
   * Save (answers or the brief's text) and Confirm Brief. Typing is kept in the browser and sent only on Save, so a
   * person saves a few times a minute at most; each save records an activity event, so the hour is bounded too.
   */
  requirements: [
    { max: 20, windowSeconds: 60 },
    { max: 300, windowSeconds: 60 * 60 },
  ],
  /** The company profile (each save records an activity event). */
  profile: [{ max: 30, windowSeconds: 60 * 60 }],
  /** The caller's name, time zone and notification choices. */
  settings: [{ max: 30, windowSeconds: 10 * 60 }],
  /** Approve or Request Changes (a request for changes posts to the thread and to Feedback Management). */
  acceptance: [{ max: 10, windowSeconds: 60 * 60 }],
  /** Accepting a proposal by name (each acceptance emails the company). */
  proposal: [{ max: 10, windowSeconds: 60 * 60 }],
  /** Pay Now: each may ask Stripe for a Checkout Session. */
  checkout: [{ max: 20, windowSeconds: 10 * 60 }],
} as const satisfies Record<string, readonly Window[]>;

export type CustomerWrite = keyof typeof CUSTOMER_WRITE_LIMITS;

export const CUSTOMER_WRITE_MESSAGES: Record<CustomerWrite, string> = {
  messages: "You have sent many messages in a short time. Please wait a few minutes before sending another.",
  feedback: "You have sent a lot of feedback in a short time. Please wait a few minutes before sending more.",
  feedbackEdits: "You have edited feedback many times in a short time. Please wait a few minutes before editing again.",
  meetingRequests: "You have requested many meetings in the last hour. Please wait before requesting another.",
  requirements:
    "You have saved many times in a short time. Please wait a minute before saving again; what you typed stays in the form.",
  profile: "You have saved your profile many times in the last hour. Please try again later.",
  settings: "You have changed your settings many times in a short time. Please wait a few minutes before saving again.",
  acceptance: "You have sent many decisions in the last hour. Please wait before sending another.",
  proposal: "You have tried to accept the proposal many times in the last hour. Please wait before trying again.",
  checkout: "You have opened the payment page many times in a short time. Please wait a few minutes before trying again.",
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
    CUSTOMER_WRITE_LIMITS[kind].map((window) => ({
      bucket: `customer-${kind}-user-${window.windowSeconds}s`,
      key: user.id,
      max: window.max,
      windowSeconds: window.windowSeconds,
    })),
    CUSTOMER_WRITE_MESSAGES[kind],
  );
}
