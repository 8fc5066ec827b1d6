// The delivery clock: the package's promised hours (BASIC 48, ADVANCED 72, PREMIUM 96), counted from the moment both
// the brief is confirmed and the advance payment is received (whichever comes last; or when the company starts it by
// hand), stopped by the first published prototype version. One reading for the dashboard and the console.
import { PACKAGES, type PackageType } from "../constants/packages";

const HOUR = 3_600_000;
/** The company is emailed this long before an undelivered project is due. */
export const DELIVERY_REMINDER_HOURS = 6;

export function deliveryDueAt(startedAt: Date, packageType: PackageType): Date {
  return new Date(startedAt.getTime() + PACKAGES[packageType].deliveryHours * HOUR);
}

export type DeliveryClockFacts = {
  status: string;
  briefConfirmed?: boolean;
  advancePaymentReceivedDate: string | null;
  deliveryStartedAt: string | null;
  deliveryDueAt: string | null;
  deliveredAt: string | null;
  prototypeUrl?: string | null;
};

export type DeliveryClock =
  | { state: "waiting"; missing: Array<"brief" | "advance"> }
  | { state: "running"; dueAt: Date; hoursLeft: number; overdue: boolean; hoursLate: number }
  | { state: "delivered"; hoursTaken: number; late: boolean; hoursLate: number }
  | { state: "none" };

const wholeHours = (ms: number) => Math.max(0, Math.round(ms / HOUR));

/** What the clock says now. `briefConfirmed` undefined: not known to the caller (only the advance is named). */
export function readDeliveryClock(facts: DeliveryClockFacts, now: Date = new Date()): DeliveryClock {
  const started = facts.deliveryStartedAt ? new Date(facts.deliveryStartedAt) : null;
  const due = facts.deliveryDueAt ? new Date(facts.deliveryDueAt) : null;
  if (facts.deliveredAt) {
    const delivered = new Date(facts.deliveredAt);
    if (!started || !due) return { state: "none" };
    const lateMs = delivered.getTime() - due.getTime();
    return {
      state: "delivered",
      hoursTaken: wholeHours(delivered.getTime() - started.getTime()),
      late: lateMs > 0,
      hoursLate: lateMs > 0 ? Math.max(1, wholeHours(lateMs)) : 0,
    };
  }
  if (started && due) {
    const leftMs = due.getTime() - now.getTime();
    return {
      state: "running",
      dueAt: due,
      hoursLeft: leftMs > 0 ? Math.floor(leftMs / HOUR) : 0,
      overdue: leftMs <= 0,
      hoursLate: leftMs <= 0 ? Math.floor(-leftMs / HOUR) : 0,
    };
  }
  if (facts.status === "profile" || facts.status === "requirements") {
    const missing: Array<"brief" | "advance"> = [];
    if (facts.briefConfirmed === false) missing.push("brief");
    if (!facts.advancePaymentReceivedDate) missing.push("advance");
    return { state: "waiting", missing };
  }
  return { state: "none" };
}

/** "41 hours", "1 hour": hours as the clock's texts write them. */
export function hoursText(hours: number): string {
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}
