// What a deleted account leaves on records that are not its own. Where the record must stay (an approval of someone
// else's prototype, a feedback history, the record /verify reads of a certificate), the person becomes "Deleted user"
// and their address, IP and browser go; what need not stay goes (Stripe's payloads that name them, stored answers
// of their requests, rate-limit counters keyed by their address). Sealed documents already issued are not rewritten.
import { type AnyColumn, and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  activityEvents,
  adminAuditLog,
  communications,
  feedback,
  idempotentRequests,
  issuedDocuments,
  projectAcceptances,
  projectMembers,
  rateLimitHits,
  stripeEvents,
} from "../../db/schema";

/** The name deleted people are shown under. */
export const DELETED_AUTHOR = "Deleted user";

/** `text` mentions `needle`, case-insensitively; strpos, not LIKE: an address may hold `_` or `%`. */
const mentions = (text: SQL | AnyColumn, needle: string) => sql`strpos(lower(${text}), lower(${needle})) > 0`;

export async function eraseTraces(
  tx: Database,
  { person, now }: { person: { userId: string; email: string; names: string[] }; now: Date },
): Promise<void> {
  const { userId, email } = person;
  const names = [...new Set([...person.names, email])];

  const theirApprovals = or(eq(projectAcceptances.userId, userId), sql`lower(${projectAcceptances.userEmail}) = ${email}`);
  const whereFrom = await tx
    .select({ ip: projectAcceptances.ip, userAgent: projectAcceptances.userAgent })
    .from(projectAcceptances)
    .where(theirApprovals);
  const traces = [
    email,
    ...names,
    ...whereFrom.flatMap((row) => [row.ip, row.userAgent]).filter((value): value is string => Boolean(value)),
  ];
  await tx
    .update(projectAcceptances)
    .set({ userId: null, userName: DELETED_AUTHOR, userEmail: "", ip: null, userAgent: null })
    .where(theirApprovals);
  // The company's audit keeps what they did (their decisions on others' prototypes), under "Deleted user".
  const audited = await tx
    .select({ id: adminAuditLog.id, changes: adminAuditLog.changes })
    .from(adminAuditLog)
    .where(or(eq(adminAuditLog.actorId, userId), sql`lower(${adminAuditLog.actorEmail}) = ${email}`));
  for (const { id, changes } of audited) {
    await tx
      .update(adminAuditLog)
      .set({ actorId: null, actorEmail: DELETED_AUTHOR, changes: renamed(changes, traces) as typeof changes })
      .where(eq(adminAuditLog.id, id));
  }
  const certificates = await tx
    .select({ id: issuedDocuments.id, details: issuedDocuments.details })
    .from(issuedDocuments)
    .where(
      sql`${issuedDocuments.kind} = 'acceptance_certificate' and lower(${issuedDocuments.details} ->> 'signerEmail') = ${email}`,
    );
  for (const { id, details } of certificates) {
    const { signerEmail: _erased, ...kept } = details;
    await tx
      .update(issuedDocuments)
      .set({ details: renamed(kept, traces) as Record<string, unknown> })
      .where(eq(issuedDocuments.id, id));
  }

  const theirProjects = sql`(select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.email} = ${email})`;
  // Feedback histories name each actor as they were named then: their events on the projects they took part in.
  const named = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${feedback} set history = (
      select jsonb_agg(
        case when coalesce((e ->> 'byCompany')::boolean, false) = false and e ->> 'actorName' in (${named})
          then jsonb_set(e, '{actorName}', to_jsonb(${DELETED_AUTHOR}::text)) else e end
        order by position)
      from jsonb_array_elements(${feedback.history}) with ordinality as events(e, position))
    where (${feedback.authorId} = ${userId} or ${feedback.projectId} in ${theirProjects})
      and exists (select 1 from jsonb_array_elements(${feedback.history}) e where e ->> 'actorName' in (${named}))`);

  // Texts the portal wrote about what they did ("Mira approved version 1", "Mira · PRJ-…") name them as "Deleted user".
  for (const name of names) {
    await tx
      .update(communications)
      .set({
        subject: sql`replace(${communications.subject}, ${name}, ${DELETED_AUTHOR})`,
        content: sql`replace(${communications.content}, ${name}, ${DELETED_AUTHOR})`,
      })
      .where(
        and(
          eq(communications.authorId, userId),
          or(mentions(communications.subject, name), mentions(communications.content, name)),
        ),
      );
    await tx
      .update(activityEvents)
      .set({
        title: sql`replace(${activityEvents.title}, ${name}, ${DELETED_AUTHOR})`,
        description: sql`replace(${activityEvents.description}, ${name}, ${DELETED_AUTHOR})`,
      })
      .where(
        and(
          or(eq(activityEvents.actorId, userId), sql`${activityEvents.projectId} in ${theirProjects}`),
          or(mentions(activityEvents.title, name), mentions(sql`coalesce(${activityEvents.description}, '')`, name)),
        ),
      );
  }

  // A processed event's payload is not read again (the payment rows keep its facts): only what identifies it stays.
  await tx
    .update(stripeEvents)
    .set({
      payload: sql`jsonb_build_object('id', ${stripeEvents.payload} -> 'id', 'type', ${stripeEvents.payload} -> 'type',
        'created', ${stripeEvents.payload} -> 'created', 'erased', ${`personal data erased at an account deletion on ${now.toISOString()}`}::text)`,
    })
    .where(mentions(sql`${stripeEvents.payload}::text`, email));

  await tx
    .delete(idempotentRequests)
    .where(or(mentions(idempotentRequests.userKey, userId), mentions(sql`coalesce(${idempotentRequests.body}, '')`, email)));
  await tx.delete(rateLimitHits).where(or(eq(rateLimitHits.key, email), sql`strpos(${rateLimitHits.key}, ${`${email}|`}) = 1`));
}

/** `value` with every mention of one of `names` (case-insensitive) in its strings replaced by DELETED_AUTHOR. */
function renamed(value: unknown, names: string[]): unknown {
  if (typeof value === "string") {
    const literal = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return names.reduce((text, name) => text.replace(new RegExp(literal(name), "gi"), DELETED_AUTHOR), value);
  }
  if (Array.isArray(value)) return value.map((item) => renamed(item, names));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renamed(item, names)]));
  }
  return value;
}
