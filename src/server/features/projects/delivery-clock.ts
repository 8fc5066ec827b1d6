// Starts a project's delivery clock once both the brief is confirmed and the advance payment is received (whichever
// comes last), at the moment the server learns the second: the status rules (applyStatusRules, runStatusRules), the
// admin's typed received date (update-project.ts) and any later writer of that date (a payment webhook) call it.
// A clock already started or stopped is left alone. Due = start + the package's hours (shared/domain/delivery-clock.ts).
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { PACKAGE_TYPES, PACKAGES } from "../../../shared/constants/packages";
import type { Database } from "../../db/client";
import { projects, requirements } from "../../db/schema";

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
export async function startDeliveryClockIfReady(db: Database, projectId: string, now: Date): Promise<boolean> {
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
