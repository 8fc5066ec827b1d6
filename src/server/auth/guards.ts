// Who may call a route: signed in, a company admin, or anyone. Routes call these before their use case.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { users } from "../db/schema";
import { forbidden, unauthorized } from "../errors";
import { roleFor } from "./roles";
import { deleteSession, findSessionUser, type SessionUser, sessionToken } from "./sessions";

export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser === undefined) {
    const { db, config, caches } = request.server.ctx;
    const token = sessionToken(request, config);
    const user = await findSessionUser(request.server.ctx, token);
    if (user && user.role !== roleFor(config, user.email)) {
      // ADMIN_EMAILS changed since this session began: its rules (company sessions last 12 hours) no longer fit,
      // so it ends; the next sign-in gets the new role.
      await deleteSession(db, token, caches.sessions);
      await db
        .update(users)
        .set({ role: roleFor(config, user.email) })
        .where(eq(users.id, user.id));
      request.log.info({ userId: user.id, from: user.role }, "session ended: role changed in ADMIN_EMAILS");
      request.sessionUser = null;
    } else {
      request.sessionUser = user;
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
