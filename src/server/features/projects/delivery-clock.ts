// Starts a project's delivery clock once both the brief is confirmed and the advance payment is received (whichever
// comes last), at the moment the server learns the second: the status rules (applyStatusRules, runStatusRules), the
// admin's typed received date (update-project.ts) and any later writer of that date (a payment webhook) call it.
// A clock already started or stopped is left alone. Due = start + the package's hours (shared/domain/delivery-clock.ts).
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { PACKAGE_TYPES, PACKAGES } from "../../../shared/constants/packages";
import { deliveryDueAt } from "../../../shared/domain/delivery-clock";
import type { Database } from "../../db/client";
import { projects, requirements } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { PROJECT_NOT_FOUND } from "./access";

/** The package's promised hours in SQL, from the one table in shared/constants/packages.ts. */
export const deliveryHoursSql = sql.join(
  [
    sql`(case ${projects.packageType}`,
    ...PACKAGE_TYPES.map((type) => sql` when ${type} then ${PACKAGES[type].deliveryHours}::int`),
    sql` end)`,
  ],
  sql``,
);

/** Starts the clock at `now` when its conditions hold; answers whether it started. */
export async function startDeliveryClockIfReady(
  db: Database,
  { projectId, now }: { projectId: string; now: Date },
): Promise<boolean> {
  const started = await db
    .update(projects)
    .set({
      deliveryStartedAt: now,
      deliveryDueAt: sql`${now.toISOString()}::timestamptz + make_interval(hours => ${deliveryHoursSql})`,
    })
    .where(
      and(
        eq(projects.id, projectId),
        isNull(projects.deliveryStartedAt),
        isNull(projects.deliveredAt),
        isNotNull(projects.advancePaymentReceivedDate),
        sql`exists (select 1 from ${requirements} where ${requirements.projectId} = ${projects.id} and ${requirements.briefConfirmed})`,
      ),
    )
    .returning({ id: projects.id });
  return started.length > 0;
}

export const DELIVERY_CLOCK_MESSAGES = {
  alreadyRunning: "The delivery clock is already running for this project.",
  alreadyDelivered: "This project is already delivered: its first version is published.",
} as const;

/** The company starts the clock by hand (audited by its route): now, whatever the brief and the payment say. */
export async function startDeliveryClockByHand(db: Database, { projectId, now = new Date() }: { projectId: string; now?: Date }) {
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update").limit(1);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.deliveredAt) throw conflict(DELIVERY_CLOCK_MESSAGES.alreadyDelivered);
    if (project.deliveryStartedAt) throw conflict(DELIVERY_CLOCK_MESSAGES.alreadyRunning);
    const dueAt = deliveryDueAt(now, project.packageType);
    await tx
      .update(projects)
      .set({ deliveryStartedAt: now, deliveryDueAt: dueAt, updatedAt: now })
      .where(eq(projects.id, projectId));
    return { deliveryStartedAt: now.toISOString(), deliveryDueAt: dueAt.toISOString(), deliveredAt: null };
  });
}
