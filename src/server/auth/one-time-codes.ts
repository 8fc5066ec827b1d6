// One-time codes for sign-in and NDA steps: HMAC-stored, 10-minute life, single use, 5 wrong tries per code.
// Codes are per target and requester binding: a sign-in code belongs to the browser that asked for it, so a stranger's
// wrong tries only use up the stranger's own codes. Asking again keeps the earlier code valid until it expires.
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { CODE_MAX_WRONG_TRIES, CODE_TTL_MINUTES, type CodePurpose } from "../../shared/constants/auth";
import type { ErrorCode } from "../../shared/error-codes";
import type { Database } from "../db/client";
import { oneTimeCodes } from "../db/schema";
import { AppError } from "../errors";
import { hmacHex, randomCode, safeEqualHex } from "./secrets";

export type CodeTarget = {
  purpose: CodePurpose;
  email: string;
  subject?: string;
  /** SHA-256 of the requesting browser's pre-sign-in cookie (sign-in codes); '' or absent for NDA codes. */
  binding?: string;
};

function digest(secret: string, target: CodeTarget, code: string): string {
  return hmacHex(secret, `${target.purpose}:${target.email.toLowerCase()}:${target.subject ?? ""}:${code}`);
}

/**
 * Creates a new code and returns it in plain text, to send. Earlier codes for the same target stay valid until they
 * expire or one of them is used: asking again (a slow email, a reload) never cancels the code already on its way.
 */
export async function issueCode(
  db: Database,
  secret: string,
  target: CodeTarget & { ip?: string; name?: string },
): Promise<string> {
  const code = randomCode();
  await db.insert(oneTimeCodes).values({
    purpose: target.purpose,
    email: target.email.toLowerCase(),
    subject: target.subject ?? "",
    binding: target.binding ?? "",
    codeHash: digest(secret, target, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    ip: target.ip ?? null,
    name: target.name ?? null,
  });
  return code;
}

type CodeCheckFailure = "wrong" | "expired" | "locked" | "used" | "missing";
type CodeCheck = { ok: true; name: string | null } | { ok: false; failure: CodeCheckFailure };

const CODE_CHECK_MESSAGES: Record<CodeCheckFailure, string> = {
  wrong: "Invalid code. Please check it and try again.",
  expired: "This code has expired. Please request a new one.",
  locked: "Too many wrong attempts. Please request a new code.",
  used: "This code has already been used. Please request a new one.",
  missing: "No code was requested for this address. Please request a new one.",
};

const FAILURE_CODES: Record<CodeCheckFailure, ErrorCode> = {
  wrong: "CODE_WRONG",
  expired: "CODE_EXPIRED",
  locked: "CODE_LOCKED",
  used: "CODE_USED",
  missing: "CODE_MISSING",
};

/** The error a failed check answers with (a lock is 429, the rest 400): the same codes for sign-in and NDA steps. */
export function codeCheckError(failure: CodeCheckFailure, message: string = CODE_CHECK_MESSAGES[failure]): AppError {
  return new AppError(FAILURE_CODES[failure], message);
}

/** A code that can still be tried: not used, not voided, not locked, not expired. */
function isLive(row: typeof oneTimeCodes.$inferSelect, now: number): boolean {
  return !row.consumedAt && !row.voidedAt && row.wrongTries < CODE_MAX_WRONG_TRIES && row.expiresAt.getTime() > now;
}

/**
 * Checks a code against every live code issued for the target and binding, and consumes it when right (the others
 * are voided then: one sign-in or signature per request round). A wrong try counts against every live code, so
 * asking again never buys more than the per-code allowance of wrong tries on the codes already out. With no live
 * code, the failure is the newest code's state.
 */
async function verifyCode(db: Database, secret: string, target: CodeTarget & { code: string }): Promise<CodeCheck> {
  const email = target.email.toLowerCase();
  const sameTarget = and(
    eq(oneTimeCodes.purpose, target.purpose),
    eq(oneTimeCodes.email, email),
    eq(oneTimeCodes.subject, target.subject ?? ""),
    eq(oneTimeCodes.binding, target.binding ?? ""),
  );
  const now = Date.now();
  const recent = await db
    .select()
    .from(oneTimeCodes)
    .where(and(sameTarget, gt(oneTimeCodes.createdAt, new Date(now - 2 * CODE_TTL_MINUTES * 60_000))))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(50);
  const fail = (failure: CodeCheckFailure): CodeCheck => ({ ok: false, failure });
  const live = recent.filter((row) => isLive(row, now));
  if (live.length === 0) {
    const [latest] =
      recent.length > 0
        ? recent
        : await db.select().from(oneTimeCodes).where(sameTarget).orderBy(desc(oneTimeCodes.createdAt)).limit(1);
    if (!latest) return fail("missing");
    // A voided code was set aside when another code of its round was used.
    if (latest.consumedAt || latest.voidedAt) return fail("used");
    if (latest.wrongTries >= CODE_MAX_WRONG_TRIES) return fail("locked");
    return fail("expired");
  }

  const typed = digest(secret, target, target.code);
  const match = live.find((row) => safeEqualHex(row.codeHash, typed));
  if (!match) {
    const updated = await db
      .update(oneTimeCodes)
      .set({ wrongTries: sql`${oneTimeCodes.wrongTries} + 1` })
      .where(
        inArray(
          oneTimeCodes.id,
          live.map((row) => row.id),
        ),
      )
      .returning({ wrongTries: oneTimeCodes.wrongTries });
    return fail(updated.every((row) => row.wrongTries >= CODE_MAX_WRONG_TRIES) ? "locked" : "wrong");
  }
  // Conditional update: of two concurrent right answers only one consumes the code.
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.id, match.id),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.voidedAt),
        sql`${oneTimeCodes.wrongTries} < ${CODE_MAX_WRONG_TRIES}`,
      ),
    )
    .returning({ id: oneTimeCodes.id });
  if (consumed.length !== 1) return fail("used");
  await db
    .update(oneTimeCodes)
    .set({ voidedAt: new Date() })
    .where(and(sameTarget, ne(oneTimeCodes.id, match.id), isNull(oneTimeCodes.consumedAt), isNull(oneTimeCodes.voidedAt)));
  return { ok: true, name: match.name };
}

/**
 * Checks a code and consumes it when right, else throws the failure's error (`wrongMessage` for a wrong code when the
 * step words it its own way); answers the name the code was issued with.
 */
export async function consumeCode(
  db: Database,
  secret: string,
  target: CodeTarget & { code: string },
  wrongMessage?: string,
): Promise<string | null> {
  const check = await verifyCode(db, secret, target);
  if (!check.ok) throw codeCheckError(check.failure, check.failure === "wrong" ? wrongMessage : undefined);
  return check.name;
}
