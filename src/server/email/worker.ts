// Delivers queued emails: claims due rows (SKIP LOCKED, so several processes can share the queue),
// sends them through SMTP or the outbox transport, and retries failures with back-off.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/client";
import { outgoingEmails } from "../db/schema";
import { operationContext } from "../operation-context";
import { ATTACHMENT_KEY_PREFIX, type IcalEvent } from "./outbox";
import { addressMaySeeProject } from "./recipient-access";
import { LIST_UNSUBSCRIBE_POST } from "./unsubscribe";

const BATCH_SIZE = 10;
const MAX_ATTEMPTS = 8;
const POLL_INTERVAL_MS = 2_000;
const LOCK_SECONDS = 60;

export type MailTransport = {
  kind: "smtp" | "outbox";
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
};

export type OutgoingMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  icalEvent?: IcalEvent;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** Draws the attachment a queued message names (outbox.ts `attachment`); throws to have the delivery retried. */
export type AttachmentResolver = (reference: string) => Promise<MailAttachment>;

export function createTransport(options: {
  smtpUrl: string | null;
  log: FastifyBaseLogger;
  /** Where the outbox can be read (DEV_MAILBOX), or null. */
  mailboxUrl: string | null;
}): MailTransport {
  if (!options.smtpUrl) {
    return {
      kind: "outbox",
      async send(message) {
        options.log.info(
          { to: message.to, subject: message.subject },
          options.mailboxUrl ? `email kept in the outbox: read it at ${options.mailboxUrl}` : "email kept in the outbox",
        );
      },
      close() {},
    };
  }
  const transporter: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

function backoffSeconds(attempts: number): number {
  return Math.min(3600, 15 * 2 ** (attempts - 1));
}

type ClaimedEmail = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  reply_to: string | null;
  ical_event: IcalEvent | null;
  list_unsubscribe: string | null;
  collapse_key: string | null;
  attempts: number;
  /** False when the email is about a project its recipient can no longer see: withdrawn, not sent. */
  may_send: boolean;
};

async function claimDueEmails(db: Database, companyEmails: readonly string[]): Promise<ClaimedEmail[]> {
  // Checked again at send time: a member removed after the email was queued does not receive it.
  const maySee = addressMaySeeProject(outgoingEmails.projectId, outgoingEmails.toAddress, companyEmails);
  const result = await db.execute(sql`
    update ${outgoingEmails} set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
    where id in (
      select id from ${outgoingEmails}
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
      order by next_attempt_at
      limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, reply_to, ical_event, list_unsubscribe, collapse_key, attempts,
      (${outgoingEmails.projectId} is null or ${maySee}) as may_send`);
  return (result as unknown as { rows: ClaimedEmail[] }).rows;
}

/** Bodies of messages that are done (sent or failed for good) for a day are emptied; the metadata stays. */
export async function purgeOldEmailBodies(db: Database): Promise<void> {
  await db.execute(sql`update ${outgoingEmails} set text_body = '', html_body = ''
    where status in ('sent', 'failed', 'withdrawn') and created_at < now() - interval '1 day' and (text_body <> '' or html_body <> '')`);
}

export type EmailWorker = { kick(): void; drain(): Promise<void>; stop(): Promise<void> };

export function startEmailWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  /** The company's addresses (ADMIN_EMAILS): they may see every project. */
  companyEmails?: readonly string[];
  pollIntervalMs?: number;
  /** Draws a message's attachment at send time; without it a message naming one is retried until it is given. */
  attachments?: () => AttachmentResolver | null;
}): EmailWorker {
  const { db, transport, from, log } = options;
  const companyEmails = options.companyEmails ?? [];
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function attachmentsOf(email: ClaimedEmail): Promise<MailAttachment[]> {
    if (!email.collapse_key?.startsWith(ATTACHMENT_KEY_PREFIX)) return [];
    const resolve = options.attachments?.();
    if (!resolve) throw new Error("the attachment cannot be drawn yet (no resolver)");
    return [await resolve(email.collapse_key.slice(ATTACHMENT_KEY_PREFIX.length))];
  }

  async function deliver(email: ClaimedEmail): Promise<void> {
    if (!email.may_send) {
      log.info({ emailId: email.id }, "email withdrawn: its recipient can no longer see the project");
      await db.execute(
        sql`update ${outgoingEmails} set status = 'withdrawn', locked_until = null, text_body = '', html_body = '',
          last_error = 'withdrawn: the recipient can no longer see the project' where id = ${email.id}`,
      );
      return;
    }
    try {
      const attachments = await attachmentsOf(email);
      await transport.send({
        from,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
        ...(email.reply_to ? { replyTo: email.reply_to } : {}),
        ...(email.ical_event ? { icalEvent: email.ical_event } : {}),
        ...(email.list_unsubscribe
          ? { headers: { "List-Unsubscribe": `<${email.list_unsubscribe}>`, "List-Unsubscribe-Post": LIST_UNSUBSCRIBE_POST } }
          : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      // Once handed to SMTP the body (which may hold a code) is not ours to keep; the outbox keeps it for /dev/mailbox.
      const body = transport.kind === "smtp" ? sql`, text_body = '', html_body = ''` : sql``;
      await db.execute(
        sql`update ${outgoingEmails} set status = 'sent', sent_at = now(), locked_until = null, last_error = null${body} where id = ${email.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = email.attempts >= MAX_ATTEMPTS;
      log.warn(
        { emailId: email.id, attempts: email.attempts, err: message },
        failed ? "email delivery failed for good" : "email delivery failed; will retry",
      );
      await db.execute(sql`update ${outgoingEmails} set status = ${failed ? "failed" : "pending"}, locked_until = null,
        last_error = ${message.slice(0, 1000)}, next_attempt_at = now() + make_interval(secs => ${backoffSeconds(email.attempts)}) where id = ${email.id}`);
    }
  }

  async function runOnce(): Promise<void> {
    do {
      again = false;
      const batch = await claimDueEmails(db, companyEmails);
      for (const email of batch) await deliver(email);
      if (batch.length === BATCH_SIZE) again = true;
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    // The worker serves no request: a kick from one must not file the delivery (and whatever it picks up meanwhile)
    // under that request's id, in its logs or its recorded statements.
    running = operationContext
      .exit(runOnce)
      .catch((error) => log.error({ err: error }, "email worker tick failed"))
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(kick, options.pollIntervalMs ?? POLL_INTERVAL_MS);
  timer.unref();

  return {
    kick,
    async drain() {
      kick();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
      transport.close();
    },
  };
}
