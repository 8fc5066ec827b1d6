// Whose threads a communications route works on: a project's (`/api/projects/{id}/communications...`, the project
// access rule) or general support threads (`/api/projects/general/communications...`): a customer's own, which only
// that customer and the company may read. A customer's general threads exist with or without a project.
import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { ProjectNeed } from "../../../shared/domain/project-access";
import { isGeneralScope } from "../../../shared/schemas/communications";
import { requireUser } from "../../auth/guards";
import type { SessionUser } from "../../auth/sessions";
import { communications } from "../../db/schema";
import { forbidden } from "../../errors";
import { type ProjectAccess, requireProjectAccess } from "../projects";

export type ThreadScope =
  | (ProjectAccess & { kind: "project" })
  /** `customerId` null: the company, who may read and answer every customer's general threads. */
  | { kind: "general"; user: SessionUser; customerId: string | null };

export const GENERAL_START_COMPANY =
  "A general support conversation is started by the customer; answer it from the Inbox, or write in a project.";

/**
 * The caller's scope for `scope` (a project id or "general"). A project the caller cannot see answers 404 and too low
 * a level 403 (requireProjectAccess); general threads are the caller's own, or every customer's for the company.
 */
export async function requireThreadScope(
  request: FastifyRequest,
  { scope, need }: { scope: string; need: ProjectNeed },
): Promise<ThreadScope> {
  if (!isGeneralScope(scope)) return { kind: "project", ...(await requireProjectAccess(request, { projectId: scope, need })) };
  const user = await requireUser(request);
  return { kind: "general", user, customerId: user.role === "company" ? null : user.id };
}

/** A new general thread belongs to the customer who starts it; the company answers threads, it does not open them. */
export function generalThreadOwner(scope: Extract<ThreadScope, { kind: "general" }>): string {
  if (!scope.customerId) throw forbidden(GENERAL_START_COMPANY);
  return scope.customerId;
}

/** Where threads live: a project, or general support (one customer's, or with customerId null every customer's). */
export type ThreadPlace = { projectId: string } | { customerId: string | null };

export function placeOf(scope: ThreadScope): ThreadPlace {
  return scope.kind === "project" ? { projectId: scope.project.id } : { customerId: scope.customerId };
}

/** The threads of a place, as a WHERE condition over `communications`. */
export function placeCondition(place: ThreadPlace): SQL {
  if ("projectId" in place) return eq(communications.projectId, place.projectId);
  const general = isNotNull(communications.customerId);
  return place.customerId ? (and(general, eq(communications.customerId, place.customerId)) as SQL) : general;
}
