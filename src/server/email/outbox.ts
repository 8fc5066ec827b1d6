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
};

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
      await tx.insert(outgoingEmails).values({
        kind: message.kind,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
      onEnqueued();
    },
  };
}
