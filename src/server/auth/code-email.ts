// A one-time code is made and queued in the email that carries it in one step: every code a person types (sign-in,
// NDA signing and approval, account deletion) arrives this way, so no code is issued that no email shows.
import type { AppContext } from "../context";
import type { EmailOf } from "../email/kinds";
import { type CodeTarget, issueCode } from "./one-time-codes";

/** An email of a kind whose template shows a code. */
type CodeEmail = Extract<EmailOf, { data: { code: string } }>;

/**
 * Issues a code for `target` (voiding its earlier live one) and queues the email `message(code)` builds to the
 * target's address.
 */
export async function emailNewCode(
  ctx: AppContext,
  target: CodeTarget & { ip?: string; name?: string },
  message: (code: string) => CodeEmail,
): Promise<void> {
  const code = await issueCode(ctx.db, ctx.config.secretKey, target);
  await ctx.email.enqueue({ ...message(code), to: target.email.toLowerCase() });
}
