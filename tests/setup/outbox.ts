// What the outbox holds for one address and email kind, newest first.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { outgoingEmails } from "../../src/server/db/schema";

export function queuedEmails(db: Database, address: string, kind: string) {
  return db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, address), eq(outgoingEmails.kind, kind)))
    .orderBy(desc(outgoingEmails.createdAt));
}
