// The inbound SMTP endpoint for replies to notification emails (INBOUND_SMTP_PORT, REPLY_DOMAIN; off by default).
// It accepts mail only for a current reply+<token>@REPLY_DOMAIN, only from the address that token was made for and
// only when that sender is authenticated (sender-authentication.ts: an aligned DKIM signature, or a trusted relay's
// dmarc=pass), only up to MAX_MESSAGE_BYTES, at most INBOUND_REPLY_LIMITS per sender, once per Message-ID and thread,
// and only from someone who may still write in the thread; never creates an account. The reply's own text (quoted
// history stripped) is added to the thread like a reply typed in the portal.

import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DNSResolver } from "mailauth";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { COMMUNICATION_LIMITS } from "../../../shared/schemas/communications";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { ChangeFeed } from "../../cache/change-feed";
import type { TrustedRelays } from "../../config";
import type { AppContext } from "../../context";
import { communications } from "../../db/schema";
import {
  isReplyAddressCurrent,
  parseReplyAddress,
  REPLY_ADDRESS_LIFETIME_DAYS,
  signatureMatches,
} from "../../email/reply-address";
import { AppError } from "../../errors";
import { operationContext } from "../../operation-context";
import { displayName, postReply, writerByEmail } from "../communications";
import { MessageUnreadable, startMailParsing } from "./mail-parsing";
import { checkSender } from "./sender-authentication";
import { stripQuotedReply } from "./strip-quoted";

export const MAX_MESSAGE_BYTES = 256 * 1024;

/** Replies by email one sender may add (each also emails the thread's other side): a loop or a flood stops here. */
export const INBOUND_REPLY_LIMITS = {
  perSenderShort: { max: 20, windowSeconds: 10 * 60 },
  perSenderDay: { max: 200, windowSeconds: 24 * 3600 },
} as const;

export type InboundEmailServer = { port: number; host: string; close(): Promise<void> };

function smtpError(code: number, message: string, detail?: string): Error {
  return Object.assign(new Error(message), { responseCode: code, detail });
}

const EXPIRED = `This reply address has expired (they last ${REPLY_ADDRESS_LIFETIME_DAYS} days); please answer in the portal`;

/** The recipient's reply address, or the SMTP refusal for it. */
function replyAddressOf(recipient: string, replyDomain: string) {
  const parsed = parseReplyAddress(recipient, replyDomain);
  if (!parsed) throw smtpError(550, "No such recipient");
  if (parsed === "undated" || !isReplyAddressCurrent(parsed)) throw smtpError(550, EXPIRED);
  return parsed;
}

/** What makes a resent message recognisable: its Message-ID, or the hash of the whole message when it has none. */
function messageKey(messageId: string | undefined, raw: Buffer): string {
  const id = messageId?.trim();
  return id && id.length <= 512 ? id : `sha256:${createHash("sha256").update(raw).digest("hex")}`;
}

async function readLimited(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk as Buffer);
  }
  return stream.sizeExceeded || size > MAX_MESSAGE_BYTES ? null : Buffer.concat(chunks);
}

export async function startInboundEmail(options: {
  ctx: AppContext;
  /** A reply is accepted (250) only once the read caches show it, as a portal request answers only then. */
  changeFeed: Pick<ChangeFeed, "caughtUp">;
  log: FastifyBaseLogger;
  port: number;
  host: string;
  replyDomain: string;
  trustedRelays: TrustedRelays;
  authservId: string;
  /** DNS lookups for DKIM keys (default: the system's resolver; tests serve their own keys). */
  resolver?: DNSResolver;
}): Promise<InboundEmailServer> {
  const { ctx, changeFeed, log, replyDomain } = options;
  const parsing = startMailParsing({ log, resolver: options.resolver });

  async function accept(recipient: string, raw: Buffer, remoteAddress: string | undefined): Promise<void> {
    const parsed = replyAddressOf(recipient, replyDomain);
    const mail = await parsing.parse(raw);
    const senders = mail.fromAddresses;
    const sender = senders.length === 1 ? senders[0]?.toLowerCase() || undefined : undefined;
    if (!sender || !signatureMatches({ secretKey: ctx.config.secretKey, parsed, sender })) {
      throw smtpError(550, "This reply address was not issued to the sender");
    }
    const authenticationResults = mail.authenticationResults;
    const check = await checkSender({
      raw,
      fromAddress: sender,
      remoteAddress,
      authenticationResults: authenticationResults?.slice(authenticationResults.indexOf(":") + 1),
      trustedRelays: options.trustedRelays,
      authservId: options.authservId,
      verifyDkim: parsing.dkim,
    }).catch((error: Error & { temporary?: boolean }) => {
      if (error.temporary) throw smtpError(451, "Could not verify the sender just now; please try again later", error.message);
      throw error;
    });
    if (!check.ok) throw smtpError(550, "5.7.1 The sender's address could not be authenticated (DKIM/DMARC)", check.reason);
    await consumeRateLimits(ctx.db, [
      { bucket: "inbound-reply-10m", key: sender, ...INBOUND_REPLY_LIMITS.perSenderShort },
      { bucket: "inbound-reply-day", key: sender, ...INBOUND_REPLY_LIMITS.perSenderDay },
    ]).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 429) {
        throw smtpError(451, "Too many replies from this address; please try again later");
      }
      throw error;
    });
    const autoSubmitted = mail.autoSubmitted;
    if (autoSubmitted && autoSubmitted.toLowerCase() !== "no") return; // out-of-office and bounces: dropped
    const [thread] = await ctx.db
      .select({ projectId: communications.projectId, customerId: communications.customerId })
      .from(communications)
      .where(eq(communications.id, parsed.threadId))
      .limit(1);
    if (!thread) throw smtpError(550, "This conversation no longer exists");
    const writer = await writerByEmail(ctx.db, { config: ctx.config, thread, email: sender });
    if (!writer) throw smtpError(550, "The sender may not write in this conversation");
    const content = stripQuotedReply(mail.text).slice(0, COMMUNICATION_LIMITS.content);
    if (!content) throw smtpError(550, "The reply is empty");
    const added = await postReply(ctx, {
      place: thread.projectId ? { projectId: thread.projectId } : { customerId: thread.customerId },
      threadId: parsed.threadId,
      author: {
        userId: writer.userId,
        email: sender,
        name: displayName({ name: writer.name, email: sender, role: writer.side }),
        fromCompany: writer.side === "company",
      },
      content,
      source: "email",
      emailMessageId: messageKey(mail.messageId, raw),
    });
    if (!added) {
      log.info({ threadId: parsed.threadId, messageId: mail.messageId }, "reply by email already in the thread: ignored");
      return;
    }
    await changeFeed.caughtUp();
    log.info({ threadId: parsed.threadId, side: writer.side, via: check.how }, "reply by email added to the thread");
  }

  function handleData(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    recipient: string,
    callback: (error?: Error | null) => void,
  ): void {
    readLimited(stream)
      .then(async (raw) => {
        if (!raw) throw smtpError(552, `Message too large (at most ${MAX_MESSAGE_BYTES} bytes)`);
        await accept(recipient, raw, session.remoteAddress);
        callback();
      })
      .catch((error: Error & { responseCode?: number; detail?: string }) => {
        if (error instanceof MessageUnreadable) {
          // Permanent: the same bytes would fail the same way, so the sender's server must not retry them.
          log.warn(
            { smtpSession: session.id, reason: error.message, peer: session.remoteAddress },
            "inbound email unreadable: refused",
          );
          return callback(smtpError(554, "5.6.0 The message could not be read"));
        }
        if (error.responseCode) {
          log.warn(
            {
              smtpSession: session.id,
              code: error.responseCode,
              reason: error.message,
              detail: error.detail,
              peer: session.remoteAddress,
            },
            "inbound email refused",
          );
          return callback(error);
        }
        if (error instanceof AppError && error.statusCode === 404) {
          return callback(smtpError(550, "This conversation no longer exists"));
        }
        log.error({ err: error, smtpSession: session.id }, "inbound email failed");
        callback(smtpError(451, "Temporary failure, please try again later"));
      });
  }

  const server = new SMTPServer({
    name: replyDomain,
    banner: "Blueprint replies",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= 1) return callback(smtpError(452, "One recipient per message"));
      try {
        replyAddressOf(address.address, replyDomain);
      } catch (error) {
        return callback(error as Error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address ?? "";
      // Everything reading this message carries its session id (operation-context.ts: a crash is logged with it).
      operationContext.run({ smtpSession: session.id }, () => handleData(stream, session, recipient, callback));
    },
  });
  server.on("error", (error) => log.error({ err: error }, "inbound SMTP server error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    host: typeof address === "object" && address ? address.address : options.host,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await parsing.close();
    },
  };
}
