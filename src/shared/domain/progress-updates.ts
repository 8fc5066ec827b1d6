// "Daily progress updates", measured: a project in development or testing needs an update when it has had none in
// the last 24 hours, or none since it (last) entered development. The console's "Update due" filter and count use
// the same rule in SQL (server/features/updates/update-due.ts).

export const UPDATE_INTERVAL_HOURS = 24;
export const UPDATE_DUE_STATUSES = ["development", "testing"] as const;

export type UpdateDueFacts = {
  status: string;
  lastUpdateAt: string | Date | null;
  developmentStartedAt: string | Date | null;
};

const time = (value: string | Date) => new Date(value).getTime();

/** The instant before which an update no longer counts as recent. */
export function updateDueCutoff(now: Date): Date {
  return new Date(now.getTime() - UPDATE_INTERVAL_HOURS * 3_600_000);
}

export function isUpdateDue(facts: UpdateDueFacts, now: Date): boolean {
  if (!(UPDATE_DUE_STATUSES as readonly string[]).includes(facts.status)) return false;
  if (facts.lastUpdateAt === null) return true;
  const last = time(facts.lastUpdateAt);
  if (last < updateDueCutoff(now).getTime()) return true;
  return facts.developmentStartedAt !== null && last < time(facts.developmentStartedAt);
}
