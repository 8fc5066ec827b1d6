// The live-updates hub of one server process: holds the open Server-Sent Events streams (one per signed-in tab) and
// passes on the change tags the change feed hears (cache/change-notices.ts: every write, by any process) to the tabs
// whose user may see those rows; the browser refreshes its queries by the same tags. A stream ends at once when its
// session does (sign-out, expiry, idle limit, role change) or its user's membership changes. Bounded: a cap of streams
// per user, heartbeats that also end streams whose session ended, and every stream closed before the server stops.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { LIVE_EVENT_NAME, LIVE_RETRY_MS } from "../../shared/constants/live";
import { accessAllows, type MemberAccessLevel, projectAccessLevel } from "../../shared/domain/project-access";
import { parseTag } from "../../shared/live-tags";
import type { LiveEvent } from "../../shared/schemas/live-events";
import { sha256Hex } from "../auth/secrets";
import type { SessionUser } from "../auth/sessions";
import type { ChangeFeed } from "../cache/change-feed";
import { changeNotices } from "../cache/change-notices";
import type { DatabaseHandle } from "../db/client";
import { projectMembers, projects, sessions, users } from "../db/schema";
import { tooManyRequests } from "../errors";

export const LIVE_LIMITS = {
  /** Streams one user may hold at once (tabs); a browser allows six connections per origin over HTTP/1.1. */
  maxStreamsPerUser: 5,
  heartbeatMs: 25_000,
  /** A tab that stops reading is dropped once this much is waiting for it. */
  maxBufferedBytes: 256 * 1024,
  /** Tags heard within this long go out as one event (a write announces several rows at once). */
  batchMs: 25,
} as const;

/**
 * Sessions checked per query at each heartbeat: one query per open session would put a burst of queries on the pool
 * every heartbeat, and the requests arriving meanwhile would wait behind it.
 */
const SESSION_CHECK_BATCH = 1_000;

/** setTimeout's longest delay is about 24.8 days; a longer session is simply checked again then. */
const MAX_TIMER_MS = 2_000_000_000;

type Stream = {
  user: Pick<SessionUser, "id" | "email" | "role">;
  sessionId: string;
  reply: FastifyReply;
  /** Fires when the session's expiry or idle limit comes, to end the stream then rather than at the next heartbeat. */
  expiry?: NodeJS.Timeout;
  /** Counts the session checks begun: only the latest one's answer sets the timer. */
  checks: number;
};

export type LiveHub = {
  /** Answers the request with an event stream for this user (429 when they already hold the maximum). */
  open(request: FastifyRequest, reply: FastifyReply, user: SessionUser, sessionToken: string): void;
  streamCount(): number;
  /** Ends every stream and stops listening (server shutdown). */
  close(): Promise<void>;
};

export async function startLiveHub(options: {
  database: DatabaseHandle;
  changeFeed: ChangeFeed;
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

  /** Who may hear a tag: company admins hear every tag but the private ones; customers their projects' and their own. */
  type Audience = { company: true } | { userId: string } | { projectId: string } | null;
  function audienceOf(tag: string): Audience {
    const { table, column, value } = parseTag(tag);
    const notice = (changeNotices as Record<string, { rows: Record<string, string> }>)[table];
    // A table whose rows no one may hear about (sessions) is private as a whole.
    if (!notice || Object.values(notice.rows).every((audience) => audience === "nobody")) return null;
    if (column === null || value === null) return { company: true };
    const audience = notice.rows[column];
    // A row with no project (a general support thread, whose customer no tag names) is the company's to hear; its
    // customer's page polls for it.
    if (audience === "project") return value === "null" ? { company: true } : { projectId: value };
    if (audience === "user") return value === "null" ? { company: true } : { userId: value };
    return null;
  }

  async function projectPeople(projectId: string): Promise<{ ownerId: string; levels: Map<string, MemberAccessLevel> } | null> {
    const [owner] = await database.db
      .select({ userId: projects.userId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!owner) return null;
    const members = await database.db
      .select({ email: projectMembers.email, accessLevel: projectMembers.accessLevel })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, projectId));
    return { ownerId: owner.userId, levels: new Map(members.map((m) => [m.email.toLowerCase(), m.accessLevel])) };
  }

  async function deliver(tags: string[]): Promise<void> {
    if (streams.size === 0) return;
    const all = [...streams];
    const heard = new Map<Stream, string[]>();
    const hear = (stream: Stream, tag: string) => {
      const list = heard.get(stream);
      if (list) list.push(tag);
      else heard.set(stream, [tag]);
    };
    const byProject = new Map<string, string[]>();
    for (const tag of tags) {
      const audience = audienceOf(tag);
      if (!audience) continue;
      if ("projectId" in audience) {
        byProject.set(audience.projectId, [...(byProject.get(audience.projectId) ?? []), tag]);
        continue;
      }
      for (const stream of all) {
        if (stream.user.role === "company" || ("userId" in audience && stream.user.id === audience.userId)) hear(stream, tag);
      }
    }
    for (const [projectId, projectTags] of byProject) {
      // A project's people: whoever the access rule lets view it.
      const people = all.some((stream) => stream.user.role !== "company") ? await projectPeople(projectId) : null;
      for (const stream of all) {
        const level = projectAccessLevel({
          company: stream.user.role === "company",
          owner: people !== null && stream.user.id === people.ownerId,
          memberLevel: people?.levels.get(stream.user.email.toLowerCase()),
        });
        const allowed = accessAllows(level, "view");
        if (allowed) for (const tag of projectTags) hear(stream, tag);
      }
    }
    for (const [stream, streamTags] of heard) {
      const event: LiveEvent = { tags: streamTags };
      send(stream, `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
    }
  }

  let pending = new Set<string>();
  let flushTimer: NodeJS.Timeout | null = null;
  /**
   * A stream ends at once, on every process, when its session ends (sign-out, expiry), its user's role changes (its
   * sessions hold the old role) or its user's membership of a project changes (removed: no more of that project's
   * updates). The tab reconnects and is checked again. The session's and the user's rows also change when they are
   * merely used (last_seen_at once a minute, a sign-in elsewhere, a new name): those are checked, not obeyed, or every
   * such tab would lose the events of the seconds it takes to reconnect.
   */
  function closeOnChange(tag: string): void {
    const { table, column, value } = parseTag(tag);
    if (value === null) return;
    if (table === "sessions" && column === "id") {
      for (const stream of streams) if (stream.sessionId === value) watchExpiry(stream);
      return;
    }
    if (table === "users" && column === "id") {
      if ([...streams].some((stream) => stream.user.id === value)) {
        endIfUserChanged(value).catch((error) => log.warn({ err: error }, "live hub: user check failed"));
      }
      return;
    }
    if (table === "project_members" && column === "email") {
      for (const stream of [...streams]) if (stream.user.email.toLowerCase() === value.toLowerCase()) end(stream);
    }
  }

  /** Ends the user's streams when their role or email is no longer what the streams hold (a name or a sign-in elsewhere is not that). */
  async function endIfUserChanged(userId: string): Promise<void> {
    const [row] = await database.db
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    for (const stream of [...streams]) {
      if (stream.user.id !== userId) continue;
      if (!row || row.role !== stream.user.role || row.email.toLowerCase() !== stream.user.email.toLowerCase()) end(stream);
    }
  }

  options.changeFeed.onChange((tag) => {
    closeOnChange(tag);
    if (streams.size === 0) return;
    pending.add(tag);
    flushTimer ??= setTimeout(() => {
      flushTimer = null;
      const tags = [...pending];
      pending = new Set();
      deliver(tags).catch((error) => log.warn({ err: error }, "live hub: delivery failed"));
    }, LIVE_LIMITS.batchMs);
  });

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
    const check = ++stream.checks;
    sessionDeadline(stream.sessionId)
      .then((deadline) => {
        if (!streams.has(stream) || check !== stream.checks) return;
        if (deadline === null) {
          end(stream);
          return;
        }
        clearTimeout(stream.expiry);
        stream.expiry = setTimeout(() => watchExpiry(stream), Math.min(deadline - Date.now() + 10, MAX_TIMER_MS));
        stream.expiry.unref();
      })
      .catch((error) => log.warn({ err: error }, "live hub: session expiry check failed"));
  }

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
        checks: 0,
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
      if (flushTimer) clearTimeout(flushTimer);
      for (const stream of [...streams]) end(stream);
    },
  };
}
