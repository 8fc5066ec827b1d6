// The durable email queue: messages are rows in outgoing_emails, written in the caller's transaction
// when it has one, and delivered by the worker (email/worker.ts) with retries.

import { oneLineExcerpt } from "../../shared/text/safe-text";
import type { Database } from "../db/client";
import { outgoingEmails } from "../db/schema";

export type EmailMessage = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the thread's signed reply address) when inbound email is on. */
  replyTo?: string | null;
  /** A calendar invitation or cancellation, sent as the message's text/calendar part. */
  icalEvent?: IcalEvent | null;
};

export type IcalEvent = { method: "REQUEST" | "CANCEL"; filename: string; content: string };

export type EmailOutbox = {
  enqueue(message: EmailMessage, db?: Database): Promise<void>;
};

function assertHeaderSafe(value: string, what: string): void {
  if (/[\r\n]/.test(value)) throw new Error(`${what} must not contain line breaks`);
}

/** The longest subject sent; longer ones are cut with an ellipsis. */
const SUBJECT_CHARS = 250;

/**
 * The one way text reaches a mail header: line breaks become spaces, control characters and bidi overrides go, and
 * it fits one line. Subjects often quote what a user typed (a thread or project name).
 */
export function headerText(value: string): string {
  return oneLineExcerpt(value, SUBJECT_CHARS);
}

export function createEmailOutbox(db: Database, onEnqueued: () => void): EmailOutbox {
  return {
    async enqueue(message, tx = db) {
      assertHeaderSafe(message.to, "Recipient");
      if (message.replyTo) assertHeaderSafe(message.replyTo, "Reply-To");
      await tx.insert(outgoingEmails).values({
        kind: message.kind,
        toAddress: message.to,
        subject: headerText(message.subject),
        textBody: message.text,
        htmlBody: message.html,
        replyTo: message.replyTo ?? null,
        icalEvent: message.icalEvent ?? null,
      });
      onEnqueued();
    },
  };
}
