// The durable email queue: messages are rows in outgoing_emails, written in the caller's transaction
// when it has one, and delivered by the worker (email/worker.ts) with retries.
import type { Database } from "../db/client";
import { outgoingEmails } from "../db/schema";

type EmailMessage = {
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

export function createEmailOutbox(db: Database, onEnqueued: () => void): EmailOutbox {
  return {
    async enqueue(message, tx = db) {
      assertHeaderSafe(message.to, "Recipient");
      assertHeaderSafe(message.subject, "Subject");
      if (message.replyTo) assertHeaderSafe(message.replyTo, "Reply-To");
      await tx.insert(outgoingEmails).values({
        kind: message.kind,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        replyTo: message.replyTo ?? null,
        icalEvent: message.icalEvent ?? null,
      });
      onEnqueued();
    },
  };
}
