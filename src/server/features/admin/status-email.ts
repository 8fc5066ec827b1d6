// The customer's email about the admin's status change, sent once per settled change: it waits
// STATUS_EMAIL_SETTLE_MS in the outbox, a correction within that time replaces it (one email about the final
// status), and a run of changes that ends where it started sends nothing. docs/decisions/0022-settled-status-emails.md.
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { profiles, users } from "../../db/schema";
import type { EmailKind } from "../../email/kinds";
import { withdrawDeferredEmail } from "../../email/outbox";

/** How long a status email waits for a correction before it goes. */
export const STATUS_EMAIL_SETTLE_MS = 5 * 60_000;

export const STATUS_EMAIL_KIND = "project-status" satisfies EmailKind;

const collapseKey = (projectId: string) => `${STATUS_EMAIL_KIND}:${projectId}`;

type ChangedProject = { id: string; userId: string; projectCode: string; projectName: string | null };

/**
 * Called in the change's transaction, after the row is updated (so concurrent changes of one project queue on its
 * row lock and see each other's email): withdraws the waiting email, and writes one about `to` unless the run of
 * changes is back at its start.
 */
export async function scheduleStatusEmail(
  ctx: Pick<AppContext, "config" | "email">,
  { tx, change }: { tx: Database; change: { project: ChangedProject; from: string; to: string; now?: Date } },
): Promise<void> {
  const { project } = change;
  const key = collapseKey(project.id);
  const waiting = await withdrawDeferredEmail(tx, key);
  const from = waiting?.from ?? change.from;
  if (from === change.to) return;

  const [owner] = await tx
    .select({ email: users.email, name: users.name, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, project.userId))
    .limit(1);
  if (!owner) return;

  await ctx.email.enqueue(
    {
      kind: STATUS_EMAIL_KIND,
      to: owner.email,
      projectId: project.id,
      data: { greeting: owner.fullName ?? owner.name, project, from, to: change.to },
      deferred: { until: new Date((change.now ?? new Date()).getTime() + STATUS_EMAIL_SETTLE_MS), key, from },
    },
    tx,
  );
}
