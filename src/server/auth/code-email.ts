// A one-time code is made and queued in the email that carries it in one step: every code a person types (sign-in,
// NDA signing and approval, account deletion) arrives this way, so no code is issued that no email shows.
import { CODE_TTL_MINUTES } from "../../shared/constants/auth";
import type { AppContext } from "../context";
import { renderEmail } from "../email/layout";
import { type CodeTarget, issueCode } from "./one-time-codes";

/** How long a code lives and how often it works, as every code email says it. */
export const CODE_EXPIRY_NOTE = `The code expires in ${CODE_TTL_MINUTES} minutes and works once`;

export type CodeEmail = { kind: string; subject: string; heading: string; paragraphs: string[]; footnote: string };

/** Issues a code for `target` (voiding its earlier live one) and queues `message` with it to the target's address. */
export async function emailNewCode(
  ctx: AppContext,
  target: CodeTarget & { ip?: string; name?: string },
  message: CodeEmail,
): Promise<void> {
  const code = await issueCode(ctx.db, ctx.config.secretKey, target);
  const { kind, subject, ...content } = message;
  await ctx.email.enqueue({ kind, to: target.email.toLowerCase(), subject, ...renderEmail({ ...content, code }) });
}
