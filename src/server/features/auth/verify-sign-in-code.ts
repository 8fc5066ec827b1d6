// POST /api/auth/verify-code: checks the code, creates the account on first success, and starts a new session.
import { eq, sql } from "drizzle-orm";
import { CODE_VERIFY_LIMIT_PER_IP, DEMO_CODE } from "../../../shared/constants/auth";
import type { VerifyCodeInput } from "../../../shared/schemas/auth";
import { STAFF_MESSAGES } from "../../../shared/schemas/staff";
import { codeCheckError, consumeCode } from "../../auth/one-time-codes";
import { consumeRateLimits } from "../../auth/rate-limit";
import { isConfiguredOwner, roleFor, staffRoleFor } from "../../auth/roles";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { forbidden } from "../../errors";
import { isDemoEmail } from "./send-sign-in-code";

function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0] ?? null, lastName: parts.slice(1).join(" ") || null };
}

async function findOrCreateUser(ctx: AppContext, email: string, name: string | null) {
  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  // An invited staff member keeps the company role; an ADMIN_EMAILS address has it by the configuration.
  const role = roleFor(ctx.config, existing ?? { email });
  if (existing && existing.deactivatedAt !== null && role === "company" && !isConfiguredOwner(ctx.config, email)) {
    throw forbidden(STAFF_MESSAGES.deactivated, "STAFF_DEACTIVATED");
  }
  if (existing) {
    const [updated] = await ctx.db
      .update(users)
      .set({
        role,
        lastSignInAt: new Date(),
        signInCount: sql`${users.signInCount} + 1`,
        ...(existing.name ? {} : { name, ...splitName(name) }),
      })
      .where(eq(users.id, existing.id))
      .returning();
    const signedIn = updated ?? existing;
    return role === "company" ? { ...signedIn, staffRole: staffRoleFor(ctx.config, signedIn) } : signedIn;
  }
  const [created] = await ctx.db
    .insert(users)
    .values({ email, name, ...splitName(name), role, lastSignInAt: new Date(), signInCount: 1 })
    .onConflictDoNothing()
    .returning();
  if (created) return role === "company" ? { ...created, staffRole: staffRoleFor(ctx.config, created) } : created;
  // Two first sign-ins raced; the other one created the row.
  const [raced] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (!raced) throw new Error("user vanished after insert conflict");
  return raced;
}

/** `binding`: the SHA-256 of the browser's pre-sign-in cookie; null when it holds none (then no code can match). */
export async function verifySignInCode(ctx: AppContext, input: VerifyCodeInput & { ip: string; binding: string | null }) {
  const email = input.email.toLowerCase();
  await consumeRateLimits(ctx.db, [{ bucket: "verify-ip-10m", key: input.ip, ...CODE_VERIFY_LIMIT_PER_IP }]);
  if (isDemoEmail(ctx, email)) {
    if (input.code !== DEMO_CODE) throw codeCheckError("wrong");
    return { user: await findOrCreateUser(ctx, email, "Demo Customer"), isDemoAccount: true };
  }
  if (input.binding === null) throw codeCheckError("missing");
  const name = await consumeCode(ctx.db, ctx.config.secretKey, {
    purpose: "sign_in",
    email,
    binding: input.binding,
    code: input.code,
  });
  return { user: await findOrCreateUser(ctx, email, name), isDemoAccount: false };
}
