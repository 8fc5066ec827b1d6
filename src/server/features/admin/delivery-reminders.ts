// The company is emailed once per project when an undelivered project is DELIVERY_REMINDER_HOURS from due (or
// already past it when the rule first sees it). Runs with the status rules' scheduled tick; the row's
// delivery_reminder_sent_at, set in the same statement that picks it, makes it once even across processes.
import { and, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { DELIVERY_REMINDER_HOURS } from "../../../shared/domain/delivery-clock";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema";
import { emailTime, timeZonesByEmail } from "../../email/format-time";
import type { EmailKind } from "../../email/kinds";
import type { EmailOutbox } from "../../email/outbox";

export const DELIVERY_REMINDER_EMAIL = "delivery-due-soon" satisfies EmailKind;

export async function sendDeliveryReminders(
  db: Database,
  { outbox, config, now = new Date() }: { outbox: EmailOutbox; config: Pick<Config, "adminEmails" | "appUrl">; now?: Date },
): Promise<number> {
  const soon = new Date(now.getTime() + DELIVERY_REMINDER_HOURS * 3_600_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(projects)
      .set({ deliveryReminderSentAt: now })
      .where(
        and(
          isNull(projects.deliveredAt),
          isNull(projects.deliveryReminderSentAt),
          isNotNull(projects.deliveryDueAt),
          lte(projects.deliveryDueAt, soon),
        ),
      )
      .returning({
        id: projects.id,
        projectCode: projects.projectCode,
        projectName: projects.projectName,
        dueAt: sql<Date>`${projects.deliveryDueAt}`.mapWith(projects.deliveryDueAt),
      });
    if (due.length === 0) return 0;
    const zones = await timeZonesByEmail(tx, config.adminEmails);
    for (const project of due) {
      const late = project.dueAt.getTime() <= now.getTime();
      for (const admin of config.adminEmails) {
        await outbox.enqueue(
          {
            kind: DELIVERY_REMINDER_EMAIL,
            to: admin,
            data: { project, due: emailTime(project.dueAt, zones.get(admin.toLowerCase())), late },
          },
          tx,
        );
      }
    }
    return due.length;
  });
}
