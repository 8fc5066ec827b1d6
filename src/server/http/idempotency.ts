// One submission is one action: a state-changing request sent with an `Idempotency-Key` header is handled once per
// key, caller and route, and a repeat within 24 hours (a double click, a retry after a lost answer) gets the first
// answer back instead of creating a second item, sending a second code or failing on "already signed". A repeat that
// arrives while the first is still running waits for its answer. A server failure (5xx) is not kept, so a retry acts.
//
// The caller is the session (not only the user: another browser of the same person is another caller), and a
// signed-out caller is known only by what it sends, so its key counts together with its body's hash: a stranger who
// sends someone's key with another body acts for that body, and with the same body gets only what that body would
// have answered anyway. The same caller's key with another body is refused (422).
import { createHash } from "node:crypto";
import { and, eq, like, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { currentUser } from "../auth/guards";
import { sessionToken } from "../auth/sessions";
import type { Database } from "../db/client";
import { idempotentRequests } from "../db/schema";
import { AppError, badRequest, conflict } from "../errors";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEPT_MS = 24 * 3600_000;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** How long a repeat waits for the first request's answer before it is told to try again. */
const WAIT_MS = 20_000;
const POLL_MS = 50;
const ANONYMOUS_PREFIX = "anonymous:";
/**
 * Signed-out answers kept at most (the newest; older ones are dropped as new ones come). Anyone can add them, so their
 * number is bounded, not only their age: a flood pushes out other visitors' answers (their retry then acts again, as
 * without a key), never grows the table past this.
 */
export const ANONYMOUS_ANSWERS_KEPT = 2000;

type Claim = { userKey: string; route: string; key: string };

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

const sha256 = (value: string | Buffer) => createHash("sha256").update(value).digest("base64url");

/**
 * A hash of the body, or null when it cannot be had before the handler runs: a multipart body is read (streamed) by
 * the route itself, after this hook, and holding a 20 MB upload here only to hash it is what the routes avoid.
 */
function fingerprintOf(request: FastifyRequest): string | null {
  const { body } = request;
  if (/^multipart\//i.test(request.headers["content-type"] ?? "")) return null;
  if (body === undefined || body === null) return "";
  if (Buffer.isBuffer(body)) return sha256(body);
  if (typeof (body as { pipe?: unknown }).pipe === "function") return null;
  return sha256(typeof body === "string" ? body : JSON.stringify(body));
}

/**
 * Whose key this is: the user and their session (the token's hash under its own label, not the session's id), or a
 * signed-out caller's body. Null: not kept at all — a signed-out multipart body, whose hash is known only once the
 * route has read it (the one such route, the /verify check, changes nothing, so a repeat simply checks again).
 */
async function callerKey(request: FastifyRequest, fingerprint: string | null): Promise<string | null> {
  const user = await currentUser(request);
  if (user) return `${user.id}:${sha256(`idempotency|${sessionToken(request, request.server.ctx.config) ?? ""}`)}`;
  return fingerprint === null ? null : `${ANONYMOUS_PREFIX}${fingerprint}`;
}

const claimWhere = (claim: Claim) =>
  and(
    eq(idempotentRequests.userKey, claim.userKey),
    eq(idempotentRequests.route, claim.route),
    eq(idempotentRequests.key, claim.key),
  );

async function replayStored(db: Database, claim: Claim, fingerprint: string | null, reply: FastifyReply): Promise<boolean> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await db.select().from(idempotentRequests).where(claimWhere(claim)).limit(1);
    if (!row) return false;
    if (row.fingerprint !== null && fingerprint !== null && row.fingerprint !== fingerprint) {
      throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different request.");
    }
    if (row.statusCode !== null) {
      reply.code(row.statusCode).header("idempotent-replayed", "true");
      if (row.contentType) reply.header("content-type", row.contentType);
      await reply.send(row.body ?? "");
      return true;
    }
    if (Date.now() > deadline) throw conflict("The same request is still being handled. Please try again.");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function claimKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !STATE_CHANGING.has(request.method)) return;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw badRequest("Idempotency-Key must be 8 to 128 letters, digits, dots, dashes, underscores or colons.");
  }
  const fingerprint = fingerprintOf(request);
  const userKey = await callerKey(request, fingerprint);
  if (userKey === null) return;
  const claim: Claim = { userKey, route: `${request.method} ${request.url.split("?")[0]}`, key };
  const { db } = request.server.ctx;
  // An answer older than a day is forgotten: the key may act again.
  await db
    .delete(idempotentRequests)
    .where(and(claimWhere(claim), lt(idempotentRequests.createdAt, new Date(Date.now() - KEPT_MS))));
  const claimed = await db
    .insert(idempotentRequests)
    .values({ ...claim, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length > 0) {
    request.idempotencyClaim = claim;
    if (userKey.startsWith(ANONYMOUS_PREFIX)) await dropOldestAnonymous(db);
    return;
  }
  if (await replayStored(db, claim, fingerprint, reply)) return;
  // The first request failed and let its key go meanwhile: this one acts.
  return claimKey(request, reply);
}

/** Keeps the newest ANONYMOUS_ANSWERS_KEPT signed-out rows (the created_at index walks to the cut-off). */
async function dropOldestAnonymous(db: Database): Promise<void> {
  const anonymous = like(idempotentRequests.userKey, `${ANONYMOUS_PREFIX}%`);
  const cutOff = db
    .select({ createdAt: idempotentRequests.createdAt })
    .from(idempotentRequests)
    .where(anonymous)
    .orderBy(sql`${idempotentRequests.createdAt} desc`)
    .offset(ANONYMOUS_ANSWERS_KEPT - 1)
    .limit(1);
  await db.delete(idempotentRequests).where(and(anonymous, lt(idempotentRequests.createdAt, sql`(${cutOff})`)));
}

async function release(request: FastifyRequest): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim) return;
  request.idempotencyClaim = undefined;
  await request.server.ctx.db.delete(idempotentRequests).where(claimWhere(claim));
}

export function registerIdempotency(app: FastifyInstance): void {
  app.addHook("preHandler", async (request, reply) => {
    await claimKey(request, reply);
    return reply.sent ? reply : undefined;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    if (reply.statusCode >= 500 || (typeof payload !== "string" && payload !== null && payload !== undefined)) {
      await release(request);
      return payload;
    }
    request.idempotencyClaim = undefined;
    const contentType = reply.getHeader("content-type");
    await request.server.ctx.db
      .update(idempotentRequests)
      .set({
        statusCode: reply.statusCode,
        contentType: typeof contentType === "string" ? contentType : null,
        body: typeof payload === "string" ? payload : "",
      })
      .where(claimWhere(claim));
    return payload;
  });

  // A request that ended without an answer (the client went away, the handler threw past the error handler).
  app.addHook("onResponse", release);
  app.addHook("onRequestAbort", release);
}

/** Forgets answers older than a day (hourly, beside the other maintenance). */
export async function pruneIdempotentRequests(db: Database): Promise<void> {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, sql`now() - interval '24 hours'`));
}
