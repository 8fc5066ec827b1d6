// The console's view of the admin audit log (written only by audit/record-audit.ts), newest first.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AuditEntry, Page } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { adminAuditLog } from "../../db/schema";

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
