// The company's team (issue 44 §1): the staff list, an owner's invitation (the account is made with its role and an
// email with a sign-in link is queued in the same transaction) and a member's role or access change. ADMIN_EMAILS
// addresses are owners by the configuration and cannot be changed here; the last active owner cannot be demoted or
// deactivated; a customer's address never becomes staff. Deactivating ends the member's sessions at once.
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { StaffRole } from "../../../shared/domain/staff-roles";
import {
  STAFF_MESSAGES,
  type StaffInviteInput,
  type StaffMember,
  type StaffStatus,
  type StaffUpdateInput,
} from "../../../shared/schemas/staff";
import { isConfiguredOwner, staffRoleFor } from "../../auth/roles";
import type { SessionUser } from "../../auth/sessions";
import { rowChange } from "../../cache/change-notices";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { projectMembers, sessions, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";

type UserRow = typeof users.$inferSelect;

function statusOf(row: UserRow): StaffStatus {
  if (row.deactivatedAt !== null) return "deactivated";
  return row.lastSignInAt === null ? "invited" : "active";
}

function memberDto(ctx: AppContext, row: UserRow): StaffMember {
  const fromConfig = isConfiguredOwner(ctx.config, row.email);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: staffRoleFor(ctx.config, row) ?? "manager",
    status: fromConfig ? (row.lastSignInAt === null ? "invited" : "active") : statusOf(row),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    projectsOwned: null,
    fromConfig,
  };
}

const ROLE_ORDER: Record<StaffRole, number> = { owner: 0, admin: 1, manager: 2 };

/** The ADMIN_EMAILS owners (without the demo address, which is never staff). */
function configuredOwners(ctx: AppContext): string[] {
  return ctx.config.adminEmails.filter((email) => isConfiguredOwner(ctx.config, email));
}

/** Every staff member: the ADMIN_EMAILS owners (with or without an account yet) and everyone invited. */
export async function listStaff(ctx: AppContext): Promise<{ staff: StaffMember[] }> {
  const owners = configuredOwners(ctx);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(or(isNotNull(users.staffRole), owners.length > 0 ? inArray(sql`lower(${users.email})`, owners) : sql`false`))
    .orderBy(asc(users.createdAt));
  const members = rows.map((row) => memberDto(ctx, row));
  const known = new Set(rows.map((row) => row.email.toLowerCase()));
  for (const email of owners.filter((address) => !known.has(address))) {
    members.push({
      id: null,
      name: null,
      email,
      role: "owner",
      status: "invited",
      lastSignInAt: null,
      projectsOwned: null,
      fromConfig: true,
    });
  }
  members.sort(
    (a, b) =>
      Number(a.status === "deactivated") - Number(b.status === "deactivated") ||
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      (a.name ?? a.email).localeCompare(b.name ?? b.email),
  );
  return { staff: members };
}

/** Refuses an address that is a customer's (an account or a pending project invitation) or already staff. */
async function assertFreeForStaff(ctx: AppContext, tx: Database, email: string): Promise<void> {
  if (isConfiguredOwner(ctx.config, email)) throw conflict(STAFF_MESSAGES.alreadyStaff, "STAFF_ADDRESS");
  if (ctx.config.demoEmail === email) throw conflict(STAFF_MESSAGES.customerAddress, "CUSTOMER_ADDRESS");
  const [existing] = await tx
    .select({ staffRole: users.staffRole, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing?.staffRole != null) throw conflict(STAFF_MESSAGES.alreadyStaff, "STAFF_ADDRESS");
  if (existing) throw conflict(STAFF_MESSAGES.customerAddress, "CUSTOMER_ADDRESS");
  const [invited] = await tx
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(eq(projectMembers.email, email))
    .limit(1);
  if (invited) throw conflict(STAFF_MESSAGES.customerAddress, "CUSTOMER_ADDRESS");
}

function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = name.split(/\s+/).filter(Boolean);
  return { firstName: first ?? null, lastName: rest.join(" ") || null };
}

/** POST /api/company/staff: the account with its role, and its invitation email, in one transaction. */
export async function inviteStaff(
  ctx: AppContext,
  { inviter, input }: { inviter: SessionUser; input: StaffInviteInput },
): Promise<StaffMember> {
  const email = input.email.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    await assertFreeForStaff(ctx, tx, email);
    const [created] = await tx
      .insert(users)
      .values({
        email,
        name: input.name,
        ...splitName(input.name),
        role: "company",
        staffRole: input.role,
        invitedBy: inviter.id,
      })
      .onConflictDoNothing()
      .returning();
    // Another request made an account for this address meanwhile.
    if (!created) throw conflict(STAFF_MESSAGES.customerAddress, "CUSTOMER_ADDRESS");
    await ctx.email.enqueue(
      {
        kind: "staff-invitation",
        to: email,
        data: { inviter: inviter.name ?? inviter.email, name: input.name, email, role: input.role },
      },
      tx,
    );
    return memberDto(ctx, created);
  });
}

/** Active owners other than `exceptId`: the ADMIN_EMAILS ones count, since they can always sign in. */
async function otherActiveOwners(ctx: AppContext, tx: Database, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.staffRole, "owner"), isNull(users.deactivatedAt), ne(users.id, exceptId)))
    .for("update");
  return rows.length + configuredOwners(ctx).length;
}

/** PATCH /api/company/staff/{id}: a new role and/or active false (deactivate: their sessions end now) or true. */
export async function updateStaff(
  ctx: AppContext,
  { actor, id, input }: { actor: SessionUser; id: string; input: StaffUpdateInput },
): Promise<StaffMember> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(STAFF_MESSAGES.notFound);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
    if (!row || (row.staffRole === null && !isConfiguredOwner(ctx.config, row.email))) throw notFound(STAFF_MESSAGES.notFound);
    if (isConfiguredOwner(ctx.config, row.email)) throw conflict(STAFF_MESSAGES.configuredOwner);
    const role = input.role ?? row.staffRole;
    if (role === null) throw badRequest(STAFF_MESSAGES.roleRequired);
    const active = input.active ?? row.deactivatedAt === null;
    if (!active && row.id === actor.id) throw conflict(STAFF_MESSAGES.self);
    const wasActiveOwner = row.staffRole === "owner" && row.deactivatedAt === null;
    const staysActiveOwner = role === "owner" && active;
    if (wasActiveOwner && !staysActiveOwner && (await otherActiveOwners(ctx, tx, row.id)) === 0) {
      throw conflict(STAFF_MESSAGES.lastOwner, "LAST_OWNER");
    }
    const deactivatedAt = active ? null : (row.deactivatedAt ?? new Date());
    const [saved] = await tx.update(users).set({ staffRole: role, deactivatedAt }).where(eq(users.id, row.id)).returning();
    if (!saved) throw notFound(STAFF_MESSAGES.notFound);
    // Deactivated: every session ends, so the next request answers 401. A new role applies from the next request
    // (the session reads the user row again when it changes).
    if (!active) await tx.delete(sessions).where(eq(sessions.userId, row.id));
    return saved;
  });
  // Drops the member's cached sessions in this process at once (the change notice reaches the others).
  ctx.caches.sessions.invalidate(rowChange("users", "id", updated.id));
  return memberDto(ctx, updated);
}

/** What the audit entry of a staff change compares: the member's role and whether they are active. */
export async function staffAuditFields(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select({ email: users.email, staffRole: users.staffRole, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  return { projectId: null, fields: { staffMember: row.email, role: row.staffRole, active: row.deactivatedAt === null } };
}
