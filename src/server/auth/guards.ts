// Who may call a route: signed in, a company admin, or anyone. Routes call these before their use case.
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors";
import { findSessionUser, type SessionUser, sessionToken } from "./sessions";

export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser === undefined) {
    const { db, config } = request.server.ctx;
    request.sessionUser = await findSessionUser(db, sessionToken(request, config));
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

export async function requireCustomer(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "customer") throw forbidden("Customer access required");
  return user;
}
