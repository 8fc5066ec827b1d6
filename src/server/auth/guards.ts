// Who may call a route: signed in, a company admin, or anyone. Routes call these before their use case.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { can, notAllowedMessage, type StaffCapability, type StaffRole } from "../../shared/domain/staff-roles";
import { users } from "../db/schema";
import { forbidden, unauthorized } from "../errors";
import { roleFor, staffRoleFor } from "./roles";
import { deleteSession, findSessionUser, type SessionUser, sessionToken } from "./sessions";

export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser === undefined) {
    const { db, config, caches } = request.server.ctx;
    const token = sessionToken(request, config);
    const user = await findSessionUser(request.server.ctx, token);
    if (user && user.role === "company" && user.deactivatedAt !== null && staffRoleFor(config, user) !== "owner") {
      // A deactivated staff member (issue 44): their sessions were deleted then; one still cached ends here.
      await deleteSession(db, token, caches.sessions);
      request.sessionUser = null;
    } else if (user && user.role !== roleFor(config, user)) {
      // ADMIN_EMAILS changed since this session began: its rules (company sessions last 12 hours) no longer fit,
      // so it ends; the next sign-in gets the new role.
      await deleteSession(db, token, caches.sessions);
      await db
        .update(users)
        .set({ role: roleFor(config, user) })
        .where(eq(users.id, user.id));
      request.log.info({ userId: user.id, from: user.role }, "session ended: role changed in ADMIN_EMAILS");
      request.sessionUser = null;
    } else {
      // The effective staff role: ADMIN_EMAILS addresses are owners by the configuration.
      request.sessionUser = user && user.role === "company" ? { ...user, staffRole: staffRoleFor(config, user) } : user;
    }
  }
  return request.sessionUser;
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw unauthorized();
  return user;
}

/** Company routes: 401 for visitors, 403 for customers. */
export async function requireCompany(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "company") throw forbidden("Company access required");
  return user;
}

/**
 * Staff routes a role may not reach (shared/domain/staff-roles.ts): 401 for visitors, 403 for customers and for a
 * staff member whose role lacks `capability`. Answers the user and their staff role.
 */
export async function requireStaff(
  request: FastifyRequest,
  capability: StaffCapability,
): Promise<SessionUser & { staff: StaffRole }> {
  const user = await requireCompany(request);
  return assertStaffCan(request, user, capability);
}

/** The staff role of a company user `requireCompany` let through; 403 when it lacks `capability`. */
export function assertStaffCan(
  request: FastifyRequest,
  user: SessionUser,
  capability: StaffCapability,
): SessionUser & { staff: StaffRole } {
  const staff = staffRoleFor(request.server.ctx.config, user);
  if (staff === null) throw forbidden("Company access required");
  if (!can(staff, capability)) throw forbidden(notAllowedMessage(staff, capability));
  return { ...user, staff };
}

/** A route's own guard (`onRequest: staffCan("nda")`): its scope's guard ran first; refused before the body is read. */
export function staffCan(capability: StaffCapability) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireStaff(request, capability);
  };
}

/** Guards every route of a scope as staff whose role has `capability`, before anything else runs. */
export function staffOnly(scope: FastifyInstance, capability: StaffCapability): void {
  scope.addHook("onRequest", async (request) => {
    await requireStaff(request, capability);
  });
}

/** Guards every route of a scope (plugin) as company-only, before anything else runs. */
export function companyOnly(scope: FastifyInstance): void {
  scope.addHook("onRequest", async (request) => {
    await requireCompany(request);
  });
}

/** The company admin calling a route that `companyOnly` guards. */
export function companyUser(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (user?.role !== "company") throw forbidden("Company access required");
  return user;
}

export async function requireCustomer(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "customer") throw forbidden("Customer access required");
  return user;
}
