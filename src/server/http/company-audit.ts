// Every state change a company user makes is audited here, once, whatever route it goes through (the console's or a
// customer's: adding a member, a meeting response, a feedback review, closing a round, an inquiry): who, what, and
// each field before → after. Every write route names its action in its config (`audit`); a route whose use case
// records field-level entries itself, or that no company user can call, says `audit: false`. A write route that says
// neither is refused when it is registered, so the app does not start with one. The entry is written once the change succeeded and before
// the answer leaves, so the console's audit view shows it as soon as the company user sees the change.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuditAction } from "../../shared/audit-actions";
import { feedbackIdParam, meetingRequestIdParam } from "../../shared/domain/ids";
import { type FieldChange, recordAudit } from "../audit/record-audit";
import { currentUser } from "../auth/guards";
import type { Database } from "../db/client";
import { contactInquiries, feedback, meetingRequests, projectMembers, projects } from "../db/schema";

/** What a route's target looks like now: the project it belongs to (if any) and the fields an audit compares. */
export type AuditSnapshot = { projectId: string | null; fields: Record<string, unknown> };

export type RouteAudit = {
  /** The entry's action, from the closed list in shared/audit-actions.ts. */
  action: AuditAction;
  /** Reads the target before and after the change; without one the entry lists the request's fields as "after". */
  snapshot?: (db: Database, params: Record<string, string>) => Promise<AuditSnapshot | null>;
};

declare module "fastify" {
  interface FastifyContextConfig {
    audit?: RouteAudit | false;
  }
  interface FastifyRequest {
    companyAudit?: { actor: { id: string; email: string }; before: AuditSnapshot | null };
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Signing in and out changes the caller's own session, not anyone's data. */
const NOT_AUDITED = /^\/api\/auth\//;
const PROJECT_ROUTE = /^\/api\/(company\/)?projects\/:id(\/|$)/;

/** Longer texts (a pasted screenshot's data URL, a long message) are cut: the log says what changed, not a copy. */
const MAX_TEXT = 300;

function brief(value: unknown): unknown {
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} chars)` : value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 20).map(brief);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, brief(inner)]));
  }
  return value ?? null;
}

/** A text as an audit entry keeps it (long ones cut). */
export function auditedText(value: string): unknown {
  return brief(value);
}

function changesBetween(before: AuditSnapshot | null, after: AuditSnapshot | null): FieldChange[] {
  const fields = new Set([...Object.keys(before?.fields ?? {}), ...Object.keys(after?.fields ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = brief(before?.fields[field]);
    const now = brief(after?.fields[field]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ field, before: was, after: now });
  }
  return changes;
}

function requestFields(body: unknown): FieldChange[] {
  if (!body || typeof body !== "object" || Buffer.isBuffer(body)) return [];
  return Object.entries(body as Record<string, unknown>).map(([field, value]) => ({ field, before: null, after: brief(value) }));
}

/** The write routes registered without an audit action (`config.audit` absent): none may be. */
export function unnamedAuditRoute(route: { method: string | string[]; url: string; config?: unknown }): string | null {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => STATE_CHANGING.has(method));
  if (methods.length === 0 || NOT_AUDITED.test(route.url)) return null;
  const audit = (route.config as { audit?: unknown } | undefined)?.audit;
  return audit === undefined ? `${methods.join(",")} ${route.url}` : null;
}

export function registerCompanyAudit(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const unnamed = unnamedAuditRoute(route);
    if (unnamed) throw new Error(`${unnamed} names no audit action: give it config.audit (shared/audit-actions.ts)`);
  });
  app.addHook("preHandler", async (request) => {
    const audit = request.routeOptions.config.audit;
    if (audit === false || !STATE_CHANGING.has(request.method) || NOT_AUDITED.test(request.routeOptions.url ?? "")) return;
    const user = await currentUser(request);
    if (user?.role !== "company") return;
    const params = (request.params ?? {}) as Record<string, string>;
    const before = audit?.snapshot ? await audit.snapshot(request.server.ctx.db, params) : null;
    request.companyAudit = { actor: { id: user.id, email: user.email }, before };
  });

  app.addHook("onSend", async (request, reply) => {
    const pending = request.companyAudit;
    if (!pending || reply.statusCode >= 400) return;
    request.companyAudit = undefined;
    try {
      await recordEntry(request, pending);
      await request.server.changeFeed.caughtUp();
    } catch (error) {
      request.log.error({ err: error }, "company audit entry could not be written");
    }
  });
}

async function recordEntry(request: FastifyRequest, pending: NonNullable<FastifyRequest["companyAudit"]>): Promise<void> {
  const audit = request.routeOptions.config.audit;
  if (!audit) return;
  const route = request.routeOptions.url ?? request.url;
  const params = (request.params ?? {}) as Record<string, string>;
  const { db } = request.server.ctx;
  const after = audit.snapshot ? await audit.snapshot(db, params) : null;
  const changes = audit.snapshot ? changesBetween(pending.before, after) : requestFields(request.body);
  const projectId = after?.projectId ?? pending.before?.projectId ?? (PROJECT_ROUTE.test(route) ? (params.id ?? null) : null);
  await recordAudit(db, {
    projectId,
    actor: pending.actor,
    action: audit.action,
    changes,
  });
}

/** Snapshots of what company users change through customer and console routes. */
export const auditSnapshots = {
  async feedback(db: Database, params: Record<string, string>): Promise<AuditSnapshot | null> {
    const [row] = await db
      .select({
        projectId: feedback.projectId,
        status: feedback.status,
        adminComment: feedback.adminComment,
        feedbackType: feedback.feedbackType,
        issueFaced: feedback.issueFaced,
        changeDescription: feedback.changeDescription,
        screenshotFileId: feedback.screenshotFileId,
        resolution: feedback.resolution,
        fixedInVersion: feedback.fixedInVersion,
      })
      .from(feedback)
      .where(eq(feedback.id, feedbackIdParam.parse(params.feedbackId ?? "")))
      .limit(1);
    if (!row) return null;
    const { projectId, ...fields } = row;
    return { projectId, fields };
  },
  async projectRound(db: Database, params: Record<string, string>): Promise<AuditSnapshot | null> {
    const [row] = await db
      .select({ iterationsUsed: projects.iterationsUsed, status: projects.status })
      .from(projects)
      .where(eq(projects.id, params.id ?? ""))
      .limit(1);
    return row ? { projectId: params.id ?? null, fields: row } : null;
  },
  async projectMembers(db: Database, params: Record<string, string>): Promise<AuditSnapshot | null> {
    const rows = await db
      .select({ email: projectMembers.email, accessLevel: projectMembers.accessLevel })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, params.id ?? ""));
    return {
      projectId: params.id ?? null,
      fields: Object.fromEntries(rows.map((member) => [`member ${member.email}`, member.accessLevel])),
    };
  },
  async meetingRequest(db: Database, params: Record<string, string>): Promise<AuditSnapshot | null> {
    const [row] = await db
      .select({
        projectId: meetingRequests.projectId,
        status: meetingRequests.status,
        scheduledAt: meetingRequests.scheduledAt,
        meetingLink: meetingRequests.meetingLink,
        adminNotes: meetingRequests.adminNotes,
      })
      .from(meetingRequests)
      .where(eq(meetingRequests.id, meetingRequestIdParam.parse(params.id ?? "")))
      .limit(1);
    if (!row) return null;
    const { projectId, ...fields } = row;
    return { projectId, fields };
  },
  async inquiry(db: Database, params: Record<string, string>): Promise<AuditSnapshot | null> {
    const [row] = await db
      .select({ status: contactInquiries.status, email: contactInquiries.email })
      .from(contactInquiries)
      .where(eq(contactInquiries.id, params.id ?? ""))
      .limit(1);
    return row ? { projectId: null, fields: row } : null;
  },
} satisfies Record<string, RouteAudit["snapshot"]>;
