// What the outbox holds for one address and email kind, newest first.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { outgoingEmails } from "../../src/server/db/schema";
import type { EmailKind } from "../../src/server/email/kinds";

/** `kind` is one of the closed list, so a "no such email" assertion cannot pass on a misspelt kind. */
export function queuedEmails(db: Database, address: string, kind: EmailKind) {
  return db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, address), eq(outgoingEmails.kind, kind)))
    .orderBy(desc(outgoingEmails.createdAt));
}
