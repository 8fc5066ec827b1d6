// Server-side sessions: a random token in an HttpOnly cookie, only its SHA-256 stored.
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Role, SESSION_RULES } from "../../shared/constants/auth";
import { rowChange } from "../cache/change-notices";
import { defineRead, type ReadContext } from "../cache/define-read";
import type { ReadCache } from "../cache/read-cache";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { sessions, users } from "../db/schema";
import { randomToken, sha256Hex } from "./secrets";

const MAX_TOKEN_LENGTH = 128;
/** Refresh last_seen_at at most this often, so reading a session is usually a single SELECT. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionUser = typeof users.$inferSelect;

/** A live session as read from the database (and kept in the sessions read cache). */
export type SessionRecord = { user: SessionUser; lastSeenAt: Date; idleSeconds: number; expiresAt: Date };

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

// A session not in the read cache is looked up with a named prepared statement (no parse and plan each time).
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, idleSeconds: sessions.idleSeconds, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("session_user"),
);

function isIdle(record: SessionRecord, now: Date): boolean {
  return record.lastSeenAt.getTime() + record.idleSeconds * 1000 <= now.getTime();
}

/** Session token hash → the session and its user (the cache drops it when either row changes). */
export const sessionRead = defineRead({
  name: "session",
  cache: "sessions",
  tables: ["sessions", "users"],
  load: async (db, { id }: { id: string }): Promise<SessionRecord | null> => {
    const [row] = await sessionUserQuery(db).execute({ id, now: new Date() });
    return row ?? null;
  },
  owner: (_, record) => record.user.id,
  rows: ({ id }, record, row) => [row("sessions", "id", id), row("users", "id", record.user.id)],
});

/**
 * The user behind a session token, or null for a missing, forged, expired or idle session. Served from the read
 * cache when it holds the session and it has not passed its expiry or idle limit by the cached figures; otherwise,
 * and whenever those figures say it ended (another process may have seen it since), read from the database.
 */
export async function findSessionUser(ctx: ReadContext, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const id = sha256Hex(token);
  const now = new Date();
  const record = await sessionRead.get(ctx, { id }, { fresh: (cached) => cached.expiresAt > now && !isIdle(cached, now) });
  if (!record || record.expiresAt <= now) return null;
  if (isIdle(record, now)) {
    await deleteSession(ctx.db, token, ctx.caches.sessions);
    return null;
  }
  if (now.getTime() - record.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Set first, so the requests that arrive while the update runs do not each send one.
    record.lastSeenAt = now;
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return record.user;
}

export async function deleteSession(db: Database, token: string | undefined, cache: ReadCache<unknown>): Promise<void> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return;
  const id = sha256Hex(token);
  await db.delete(sessions).where(eq(sessions.id, id));
  // Its change notice drops the session from every process's cache and ends its live streams; this one must not wait.
  cache.invalidate(rowChange("sessions", "id", id));
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
 * which is how GET /api/logout (Sign Out is a plain link, not a form) tells its own Sign Out link from another site's.
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
