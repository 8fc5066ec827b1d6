// The bell's cached read (cache/define-read.ts).
import type { Role } from "../../../shared/constants/auth";
import { defineRead } from "../../cache/define-read";
import { listNotifications } from "./notifications";

export const DEFAULT_NOTIFICATION_LIMIT = 20;

/** A user's notifications at the default count (a company admin's bell also shows the company-wide events). */
export const notificationsRead = defineRead({
  name: "notifications",
  tables: ["activity_events"],
  load: (db, { userId, role, limit }: { userId: string; role: Role; limit: number }) =>
    listNotifications(db, { id: userId, role }, limit),
  keep: ({ limit }) => limit === DEFAULT_NOTIFICATION_LIMIT,
  owner: ({ userId }) => userId,
  rows: ({ userId, role }, _, row) => [
    row("activity_events", "user_id", userId),
    ...(role === "company" ? [row("activity_events", "user_id", "null")] : []),
  ],
});
