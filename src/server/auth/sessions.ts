// Server-side sessions: a random token in an HttpOnly cookie, only its SHA-256 stored.
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Role, SESSION_RULES } from "../../shared/constants/auth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { sessions, users } from "../db/schema";
import { randomToken, sha256Hex } from "./secrets";

const MAX_TOKEN_LENGTH = 128;
/** Refresh last_seen_at at most this often, so reading a session is usually a single SELECT. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionUser = typeof users.$inferSelect;

export function sessionCookieName(config: Config): string {
  return config.secureCookies ? "__Host-bp_session" : "bp_session";
}

export async function createSession(
  db: Database,
  user: { id: string; role: Role },
  client: { ip?: string; userAgent?: string },
): Promise<{ token: string; maxAgeSeconds: number }> {
  const rules = SESSION_RULES[user.role];
  const token = randomToken();
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + rules.absoluteSeconds * 1000),
    idleSeconds: rules.idleSeconds,
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { token, maxAgeSeconds: rules.absoluteSeconds };
}

// Every signed-in request runs this lookup: a named prepared statement spares the parse and plan each time.
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, idleSeconds: sessions.idleSeconds })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("session_user"),
);

/** The user behind a session token, or null for a missing, forged, expired or idle session. */
export async function findSessionUser(db: Database, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const id = sha256Hex(token);
  const now = new Date();
  const [row] = await sessionUserQuery(db).execute({ id, now });
  if (!row) return null;
  if (row.lastSeenAt.getTime() + row.idleSeconds * 1000 <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return row.user;
}

export async function deleteSession(db: Database, token: string | undefined): Promise<void> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return;
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, maxAgeSeconds: number): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.secureCookies,
    maxAge: maxAgeSeconds,
  });
}

/**
 * The session's SameSite=Strict companion: a browser sends it only on requests that start on the portal itself,
 * which is how GET /api/logout (a plain link, per the spec) tells its own Sign Out link from another site's.
 */
function logoutCompanionName(config: Config): string {
  return config.secureCookies ? "__Host-bp_logout" : "bp_logout";
}

export function setLogoutCompanionCookie(reply: FastifyReply, config: Config, maxAgeSeconds: number): void {
  reply.setCookie(logoutCompanionName(config), "1", {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: config.secureCookies,
    maxAge: maxAgeSeconds,
  });
}

/**
 * May this GET /api/logout end the session? Refused when the browser says the request comes from another site;
 * browsers that send no Sec-Fetch-Site must carry the Strict companion cookie, which no other site's link carries.
 */
export function isOwnLogoutLink(request: FastifyRequest, config: Config): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site === "same-origin" || site === "none") return true;
  if (site === "cross-site") return false;
  return request.cookies[logoutCompanionName(config)] === "1";
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: "/", httpOnly: true, sameSite: "lax", secure: config.secureCookies });
  reply.clearCookie(logoutCompanionName(config), { path: "/", httpOnly: true, sameSite: "strict", secure: config.secureCookies });
}

export function sessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}
