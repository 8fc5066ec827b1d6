// One-time codes for sign-in and NDA steps: HMAC-stored, 10-minute life, single use, 5 wrong tries per code.
// One live code per target and requester binding: a sign-in code belongs to the browser that asked for it, so a
// stranger's request never voids the owner's code and a stranger's wrong tries only use up the stranger's own code.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
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

/** Creates a new code (voiding any earlier live one for the same target) and returns it in plain text, to send. */
export async function issueCode(
  db: Database,
  secret: string,
  target: CodeTarget & { ip?: string; name?: string },
): Promise<string> {
  const code = randomCode();
  const email = target.email.toLowerCase();
  const subject = target.subject ?? "";
  const binding = target.binding ?? "";
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ voidedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.purpose, target.purpose),
          eq(oneTimeCodes.email, email),
          eq(oneTimeCodes.subject, subject),
          eq(oneTimeCodes.binding, binding),
          isNull(oneTimeCodes.consumedAt),
          isNull(oneTimeCodes.voidedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      purpose: target.purpose,
      email,
      subject,
      binding,
      codeHash: digest(secret, target, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
      ip: target.ip ?? null,
      name: target.name ?? null,
    });
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

/** Checks a code against the latest one issued for the target and binding, and consumes it when right. */
async function verifyCode(db: Database, secret: string, target: CodeTarget & { code: string }): Promise<CodeCheck> {
  const email = target.email.toLowerCase();
  const [latest] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, target.purpose),
        eq(oneTimeCodes.email, email),
        eq(oneTimeCodes.subject, target.subject ?? ""),
        eq(oneTimeCodes.binding, target.binding ?? ""),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const fail = (failure: CodeCheckFailure): CodeCheck => ({ ok: false, failure });
  if (!latest || latest.voidedAt) return fail("missing");
  if (latest.consumedAt) return fail("used");
  if (latest.wrongTries >= CODE_MAX_WRONG_TRIES) return fail("locked");
  if (latest.expiresAt.getTime() <= Date.now()) return fail("expired");

  if (!safeEqualHex(latest.codeHash, digest(secret, target, target.code))) {
    const [updated] = await db
      .update(oneTimeCodes)
      .set({ wrongTries: sql`${oneTimeCodes.wrongTries} + 1` })
      .where(eq(oneTimeCodes.id, latest.id))
      .returning({ wrongTries: oneTimeCodes.wrongTries });
    return fail((updated?.wrongTries ?? CODE_MAX_WRONG_TRIES) >= CODE_MAX_WRONG_TRIES ? "locked" : "wrong");
  }
  // Conditional update: of two concurrent right answers only one consumes the code.
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.id, latest.id),
        isNull(oneTimeCodes.consumedAt),
        sql`${oneTimeCodes.wrongTries} < ${CODE_MAX_WRONG_TRIES}`,
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return consumed.length === 1 ? { ok: true, name: latest.name } : fail("used");
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
