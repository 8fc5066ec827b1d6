// One submission is one action: a state-changing request sent with an `Idempotency-Key` header is handled once per
// key, caller and route, and a repeat within 24 hours (a double click, a retry after a lost answer) gets the first
// answer back instead of creating a second item, sending a second code or failing on "already signed". A repeat that
// arrives while the first is still running waits for its answer. A server failure (5xx) is not kept, so a retry acts.
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { currentUser } from "../auth/guards";
import type { Database } from "../db/client";
import { idempotentRequests } from "../db/schema";
import { badRequest, conflict } from "../errors";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEPT_MS = 24 * 3600_000;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** How long a repeat waits for the first request's answer before it is told to try again. */
const WAIT_MS = 20_000;
const POLL_MS = 50;

type Claim = { userKey: string; route: string; key: string };

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

function fingerprintOf(body: unknown): string | null {
  if (body === undefined || body === null) return "";
  if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === "function") return null;
  return createHash("sha256").update(JSON.stringify(body)).digest("base64url");
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
      throw conflict("This Idempotency-Key was already used for a different request.", "IDEMPOTENCY_KEY_REUSED");
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
  const user = await currentUser(request);
  const claim: Claim = {
    userKey: user?.id ?? "anonymous",
    route: `${request.method} ${request.url.split("?")[0]}`,
    key,
  };
  const fingerprint = fingerprintOf(request.body);
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
    return;
  }
  if (await replayStored(db, claim, fingerprint, reply)) return;
  // The first request failed and let its key go meanwhile: this one acts.
  return claimKey(request, reply);
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
