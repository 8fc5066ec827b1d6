// The admin audit log: who changed what on which project, each field before → after.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "../../../shared/audit-actions";
import type { AuditEntry, Page } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { adminAuditLog } from "../../db/schema";
import { isAuditableField } from "./auditable-fields";

export type FieldChange = { field: string; before: unknown; after: unknown };
export type AuditInput = {
  projectId: string | null;
  actor: { id: string | null; email: string };
  /** A listed action (shared/audit-actions.ts), or the method and route of a company write route that names none. */
  action: AuditAction;
  changes?: FieldChange[];
};

/** The system's own changes (the status rules) are logged under this name. */
export const SYSTEM_ACTOR = { id: null, email: "system (automatic status rules)" } as const;

export async function recordAudit(db: Database, entry: AuditInput): Promise<void> {
  await db.insert(adminAuditLog).values({
    projectId: entry.projectId,
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    // Only the closed list of recordable fields (http/company-audit.ts): never a code, token or secret.
    changes: (entry.changes ?? []).filter((change) => isAuditableField(change.field)),
    createdAt: sql`clock_timestamp()`,
  });
}

export async function listAudit(
  db: Database,
  query: { projectId?: string; page: number; pageSize: number },
): Promise<Page<AuditEntry>> {
  const conditions: SQL[] = [];
  if (query.projectId) conditions.push(eq(adminAuditLog.projectId, query.projectId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    onePage(db.select().from(adminAuditLog).where(where).orderBy(desc(adminAuditLog.createdAt)).$dynamic(), query),
    db.select({ count: sql<number>`count(*)::int` }).from(adminAuditLog).where(where),
  ]);
  return pageReply(
    rows.map((row) => ({
      id: row.id,
      projectId: row.projectId,
      actorEmail: row.actorEmail,
      action: row.action,
      changes: row.changes,
      createdAt: row.createdAt.toISOString(),
    })),
    counted?.count ?? 0,
    query,
  );
}
