// The live-updates hub of one server process: holds the open Server-Sent Events streams (one per signed-in tab) and
// LISTENs on PostgreSQL for the changes every process publishes (live/publish.ts), passing each to the tabs whose
// user may see it. A stream ends at once when its session does (sign-out, expiry, idle limit, role change) or its user
// loses a project (close notices, live/publish.ts). Bounded: a cap of streams per user, heartbeats that also end
// streams whose session ended, and every stream closed before the server stops.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { LIVE_EVENT_NAME, LIVE_RETRY_MS } from "../../shared/constants/live";
import type { LiveEvent } from "../../shared/schemas/live-events";
import { sha256Hex } from "../auth/secrets";
import type { SessionUser } from "../auth/sessions";
import type { DatabaseHandle, Unlisten } from "../db/client";
import { projectMembers, projects, sessions } from "../db/schema";
import { tooManyRequests } from "../errors";
import { LIVE_CHANNEL, type LiveAudience, type LiveCloseTarget, type LiveNotice } from "./publish";

export const LIVE_LIMITS = {
  /** Streams one user may hold at once (tabs); a browser allows six connections per origin over HTTP/1.1. */
  maxStreamsPerUser: 5,
  heartbeatMs: 25_000,
  /** A tab that stops reading is dropped once this much is waiting for it. */
  maxBufferedBytes: 256 * 1024,
} as const;

/**
 * Sessions checked per query at each heartbeat: one query per open session would put a burst of queries on the pool
 * every heartbeat, and the requests arriving meanwhile would wait behind it.
 */
const SESSION_CHECK_BATCH = 1_000;

type Stream = {
  user: Pick<SessionUser, "id" | "email" | "role">;
  sessionId: string;
  reply: FastifyReply;
  /** Fires when the session's expiry or idle limit comes, to end the stream then rather than at the next heartbeat. */
  expiry?: NodeJS.Timeout;
};

/** setTimeout's longest delay is about 24.8 days; a longer session is simply checked again then. */
const MAX_TIMER_MS = 2_000_000_000;

export type LiveHub = {
  /** Answers the request with an event stream for this user (429 when they already hold the maximum). */
  open(request: FastifyRequest, reply: FastifyReply, user: SessionUser, sessionToken: string): void;
  streamCount(): number;
  /** Ends every stream and stops listening (server shutdown). */
  close(): Promise<void>;
};

export async function startLiveHub(options: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  maxStreamsPerUser?: number;
  heartbeatMs?: number;
}): Promise<LiveHub> {
  const { database, log } = options;
  const maxPerUser = options.maxStreamsPerUser ?? LIVE_LIMITS.maxStreamsPerUser;
  const streams = new Set<Stream>();
  let closed = false;

  function send(stream: Stream, chunk: string): void {
    const raw = stream.reply.raw;
    if (raw.writableEnded || raw.destroyed) return;
    if (raw.writableLength > LIVE_LIMITS.maxBufferedBytes) {
      end(stream);
      return;
    }
    raw.write(chunk);
  }

  function end(stream: Stream): void {
    if (!streams.delete(stream)) return;
    clearTimeout(stream.expiry);
    const raw = stream.reply.raw;
    if (!raw.writableEnded) raw.end();
  }

  function closeMatching(target: LiveCloseTarget): void {
    const sessionIds = new Set(target.sessionIds ?? []);
    const userIds = new Set(target.userIds ?? []);
    const emails = new Set((target.emails ?? []).map((email) => email.toLowerCase()));
    for (const stream of [...streams]) {
      if (sessionIds.has(stream.sessionId) || userIds.has(stream.user.id) || emails.has(stream.user.email.toLowerCase())) {
        end(stream);
      }
    }
  }

  async function deliver(notice: LiveNotice): Promise<void> {
    if ("close" in notice) {
      closeMatching(notice.close);
      return;
    }
    if (streams.size === 0) return;
    const targets = await recipients(notice);
    const chunk = `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(notice.event satisfies LiveEvent)}\n\n`;
    for (const stream of targets) send(stream, chunk);
  }

  async function recipients(notice: { audience: LiveAudience }): Promise<Stream[]> {
    const all = [...streams];
    const { audience } = notice;
    if ("company" in audience) return all.filter((s) => s.user.role === "company");
    if ("userIds" in audience) {
      const ids = new Set(audience.userIds);
      return all.filter((s) => ids.has(s.user.id));
    }
    // A project's people: its owner, its members (matched by email, like the access rule) and every company admin.
    const [owner] = await database.db
      .select({ userId: projects.userId })
      .from(projects)
      .where(eq(projects.id, audience.projectId))
      .limit(1);
    if (!owner) return [];
    const members = await database.db
      .select({ email: projectMembers.email })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, audience.projectId));
    const emails = new Set(members.map((m) => m.email));
    return all.filter((s) => s.user.role === "company" || s.user.id === owner.userId || emails.has(s.user.email.toLowerCase()));
  }

  const unlisten: Unlisten = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      let notice: LiveNotice;
      try {
        notice = JSON.parse(payload) as LiveNotice;
      } catch {
        log.warn("live hub: unreadable notification ignored");
        return;
      }
      deliver(notice).catch((error) => log.warn({ err: error }, "live hub: delivery failed"));
    },
    (error) => log.warn({ err: error }, "live hub: LISTEN connection lost; reconnecting"),
  );

  /** The sessions among `sessionIds` that are still signed in, read in a few queries rather than one per session. */
  async function liveSessions(sessionIds: string[]): Promise<Set<string>> {
    const alive = new Set<string>();
    for (let start = 0; start < sessionIds.length; start += SESSION_CHECK_BATCH) {
      // Read without touching last_seen_at: an open tab is not activity, so idle sessions still expire.
      const rows = await database.db
        .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, idleSeconds: sessions.idleSeconds })
        .from(sessions)
        .where(
          and(inArray(sessions.id, sessionIds.slice(start, start + SESSION_CHECK_BATCH)), gt(sessions.expiresAt, sql`now()`)),
        );
      const now = Date.now();
      for (const row of rows) if (row.lastSeenAt.getTime() + row.idleSeconds * 1000 > now) alive.add(row.id);
    }
    return alive;
  }

  /** When this session ends unless it is used again (its expiry, or its idle limit), or null when it already has. */
  async function sessionDeadline(sessionId: string): Promise<number | null> {
    const [row] = await database.db
      .select({ expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, idleSeconds: sessions.idleSeconds })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1);
    if (!row) return null;
    const deadline = Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + row.idleSeconds * 1000);
    return deadline > Date.now() ? deadline : null;
  }

  /** Ends the stream when its session's time is up; a session used meanwhile (idle limit moved) is checked again. */
  function watchExpiry(stream: Stream): void {
    sessionDeadline(stream.sessionId)
      .then((deadline) => {
        if (!streams.has(stream)) return;
        if (deadline === null) {
          end(stream);
          return;
        }
        stream.expiry = setTimeout(() => watchExpiry(stream), Math.min(deadline - Date.now() + 10, MAX_TIMER_MS));
        stream.expiry.unref();
      })
      .catch((error) => log.warn({ err: error }, "live hub: session expiry check failed"));
  }

  // One beat at a time: on a slow database the next waits rather than piling more queries on the pool.
  let beating = false;
  async function beat(): Promise<void> {
    const open = [...streams];
    if (open.length === 0) return;
    const alive = await liveSessions([...new Set(open.map((stream) => stream.sessionId))]);
    for (const stream of open) {
      if (alive.has(stream.sessionId)) send(stream, ": heartbeat\n\n");
      else end(stream);
    }
  }
  const heartbeat = setInterval(() => {
    if (beating) return;
    beating = true;
    beat()
      .catch((error) => log.warn({ err: error }, "live hub: session check failed"))
      .finally(() => {
        beating = false;
      });
  }, options.heartbeatMs ?? LIVE_LIMITS.heartbeatMs);
  heartbeat.unref();

  return {
    open(request, reply, user, sessionToken) {
      if (closed) throw tooManyRequests(5, "The server is restarting. Please try again.");
      const mine = [...streams].filter((s) => s.user.id === user.id).length;
      if (mine >= maxPerUser) {
        throw tooManyRequests(30, `Too many open live connections (at most ${maxPerUser} per user).`);
      }
      const stream: Stream = {
        user: { id: user.id, email: user.email, role: user.role },
        sessionId: sha256Hex(sessionToken),
        reply,
      };
      reply.hijack();
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
      }
      reply.raw.writeHead(200, {
        ...headers,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      reply.raw.write(`retry: ${LIVE_RETRY_MS}\n: connected\n\n`);
      streams.add(stream);
      watchExpiry(stream);
      request.raw.on("close", () => end(stream));
      reply.raw.on("error", () => end(stream));
    },
    streamCount: () => streams.size,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      for (const stream of [...streams]) end(stream);
      await unlisten();
    },
  };
}
