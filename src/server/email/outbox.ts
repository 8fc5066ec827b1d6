// The durable email queue: messages are rows in outgoing_emails, written in the caller's transaction
// when it has one, and delivered by the worker (email/worker.ts) with retries. The recipient's notification
// choice is applied here, the one place every email passes: sent with a one-click unsubscribe link, held for
// the daily digest, or dropped. Each kind's category (email/kinds.ts) says which choice applies; security emails
// are always sent.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { NOTIFICATION_KIND_LABELS } from "../../shared/schemas/account";
import { oneLineExcerpt } from "../../shared/text/safe-text";
import type { Database } from "../db/client";
import { notificationDigestItems, outgoingEmails, users } from "../db/schema";
import { type EmailOf, emailCategoryOf, renderEmailOf } from "./kinds";
import type { UnsubscribeFooter } from "./layout";
import { modeFor } from "./preferences";
import { mayReceiveProject } from "./recipient-access";
import { unsubscribeUrl } from "./unsubscribe";

/** An email of a listed kind with its template's data, and where it goes. */
export type EmailMessage = EmailOf & {
  to: string;
  /** Where replies go (the thread's signed reply address) when inbound email is on. */
  replyTo?: string | null;
  /** A calendar invitation or cancellation, sent as the message's text/calendar part. */
  icalEvent?: IcalEvent | null;
  /**
   * The project the email is about: it is queued only if the recipient may see the project now, and sent only if
   * they still may when the worker sends it (email/recipient-access.ts).
   */
  projectId?: string | null;
  /** Sent now, but marked so that later messages of the same batch (e.g. a thread's replies) can find it. */
  batchKey?: string | null;
  /**
   * Held until `until`, and replaceable until then: `withdrawDeferredEmail(db, key)` takes it back (a later
   * change of the same thing), `from` recording where the run of changes started.
   */
  deferred?: { until: Date; key: string; from: string } | null;
  /**
   * A notification the recipient must get once whatever they chose (the last access-expiry reminder, decision 0029):
   * sent by email even when their choice for its category is "off" or "digest", then without an unsubscribe link
   * (there is nothing to turn off); with "email" it goes as any notification does.
   */
  alwaysSend?: boolean;
  /**
   * A document attached when the worker sends the message (an invoice or a receipt), named by its reference and
   * drawn at send time by the worker's attachment resolver (the same sealed bytes the portal serves). Kept in the
   * row's key column as `attach:<reference>`: such a message is neither batched nor deferred.
   */
  attachment?: string | null;
};

/** The prefix of an attachment reference in outgoing_emails.collapse_key (email/worker.ts reads it back). */
export const ATTACHMENT_KEY_PREFIX = "attach:";

export type IcalEvent = { method: "REQUEST" | "CANCEL"; filename: string; content: string };

export type EmailOutbox = {
  enqueue(message: EmailMessage, db?: Database): Promise<void>;
};

function assertHeaderSafe(value: string, what: string): void {
  if (/[\r\n]/.test(value)) throw new Error(`${what} must not contain line breaks`);
}

/** The summary of a held notification in the digest: its text, without the sign-off, at most 600 characters. */
function digestSummary(text: string): string {
  const body = text.split("\n— ")[0] ?? text;
  return body.length > 600 ? `${body.slice(0, 599)}…` : body;
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

/**
 * Takes back the deferred message of `key` that is not yet due (its row is deleted, under a row lock, so the worker
 * cannot claim it meanwhile) and answers where its run of changes started; null when none is waiting. A message
 * already due or being sent stays: the next change then starts a new run.
 */
export async function withdrawDeferredEmail(db: Database, key: string): Promise<{ from: string } | null> {
  const waiting = await db
    .select({ id: outgoingEmails.id, from: outgoingEmails.collapseFrom })
    .from(outgoingEmails)
    .where(
      and(
        eq(outgoingEmails.collapseKey, key),
        eq(outgoingEmails.status, "pending"),
        gt(outgoingEmails.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(outgoingEmails.createdAt))
    .for("update");
  if (waiting.length === 0) return null;
  await db.delete(outgoingEmails).where(
    inArray(
      outgoingEmails.id,
      waiting.map((row) => row.id),
    ),
  );
  return { from: waiting[0]?.from ?? "" };
}

export function createEmailOutbox(
  db: Database,
  onEnqueued: () => void,
  links: { appUrl: string; secretKey: string; adminEmails: readonly string[] },
): EmailOutbox {
  return {
    async enqueue(message, tx = db) {
      assertHeaderSafe(message.to, "Recipient");
      // About a project the recipient may not see (a member removed meanwhile): not queued at all.
      if (message.projectId && !(await mayReceiveProject(tx, links.adminEmails, message.projectId, message.to))) return;
      if (message.replyTo) assertHeaderSafe(message.replyTo, "Reply-To");
      const category = emailCategoryOf(message.kind);
      let unsubscribe: UnsubscribeFooter | null = null;
      if (message.attachment && (message.batchKey || message.deferred))
        throw new Error("An email with an attachment is neither batched nor deferred");
      // Security and transactional emails (ALWAYS_SENT_CATEGORIES) skip the recipient's choice and carry no link.
      if (category !== "security" && category !== "transactional") {
        const [recipient] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${message.to.toLowerCase()}`)
          .limit(1);
        if (recipient && category === "digest") {
          unsubscribe = { url: unsubscribeUrl(links, recipient.id, "digest"), what: "daily digest" };
        } else if (recipient && category !== "digest") {
          const mode = await modeFor(tx, recipient.id, category);
          // Past the choice (see alwaysSend): sent as it is, with no unsubscribe link.
          const pastChoice = message.alwaysSend === true && mode !== "email";
          if (!pastChoice && mode === "off") return;
          if (!pastChoice && mode === "digest") {
            const held = renderEmailOf(message, links.appUrl);
            await tx.insert(notificationDigestItems).values({
              userId: recipient.id,
              kind: category,
              subject: headerText(held.subject),
              summary: digestSummary(held.text),
            });
            return;
          }
          if (!pastChoice) {
            unsubscribe = { url: unsubscribeUrl(links, recipient.id, category), what: NOTIFICATION_KIND_LABELS[category].label };
          }
        }
      }
      const rendered = renderEmailOf(message, links.appUrl, unsubscribe);
      await tx.insert(outgoingEmails).values({
        kind: message.kind,
        toAddress: message.to,
        subject: headerText(rendered.subject),
        textBody: rendered.text,
        htmlBody: rendered.html,
        replyTo: message.replyTo ?? null,
        icalEvent: message.icalEvent ?? null,
        listUnsubscribe: unsubscribe?.url ?? null,
        projectId: message.projectId ?? null,
        collapseKey: message.attachment ? `${ATTACHMENT_KEY_PREFIX}${message.attachment}` : (message.batchKey ?? null),
        ...(message.deferred
          ? { nextAttemptAt: message.deferred.until, collapseKey: message.deferred.key, collapseFrom: message.deferred.from }
          : {}),
      });
      onEnqueued();
    },
  };
}
