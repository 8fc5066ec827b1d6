// Signs a user in without the sign-in screen or its rate limits: the user row and a session are created directly
// (tests of everything but sign-in itself start from here).
import type { FastifyInstance } from "fastify";
import { createSession, sessionCookieName } from "../../src/server/auth/sessions";
import { createUser } from "../factories";

export type SignedInUser = { userId: string; email: string; cookie: string; token: string };

export async function signedInUser(
  app: FastifyInstance,
  input: { email: string; name?: string; role?: "customer" | "company" },
): Promise<SignedInUser> {
  const user = await createUser(app.ctx.db, {
    email: input.email,
    name: input.name ?? "Casey Client",
    role: input.role ?? "customer",
  });
  const { token } = await createSession(app.ctx.db, user, {});
  return { userId: user.id, email: user.email, token, cookie: `${sessionCookieName(app.ctx.config)}=${token}` };
}
