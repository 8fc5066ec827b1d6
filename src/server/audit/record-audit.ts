// The only writer of the admin audit log: who changed what on which project, each field before → after. The HTTP
// layer (http/company-audit.ts) writes an entry for every company write route, and use cases that log their own
// entries call it too; it sits below the features so that both can, and features/admin reads the log back.
import { sql } from "drizzle-orm";
import type { AuditAction } from "../../shared/audit-actions";
import type { Database } from "../db/client";
import { adminAuditLog } from "../db/schema";
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
    // Only the closed list of recordable fields (auditable-fields.ts): never a code, token or secret.
    changes: (entry.changes ?? []).filter((change) => isAuditableField(change.field)),
    createdAt: sql`clock_timestamp()`,
  });
}
