// The bell's cached read (cache/define-read.ts).
import type { Role } from "../../../shared/constants/auth";
import { NOTIFICATIONS_PAGE_SIZE } from "../../../shared/schemas/activity";
import { defineRead } from "../../cache/define-read";
import { listNotifications } from "./notifications";

/** A user's notifications, kept for the bell's page (the first, at the default size); a company admin's bell also shows the company-wide events. */
export const notificationsRead = defineRead({
  name: "notifications",
  tables: ["activity_events"],
  load: (db, { userId, role, page, pageSize }: { userId: string; role: Role; page: number; pageSize: number }) =>
    listNotifications(db, { user: { id: userId, role }, paging: { page, pageSize } }),
  keep: ({ page, pageSize }) => page === 1 && pageSize === NOTIFICATIONS_PAGE_SIZE,
  owner: ({ userId }) => userId,
  rows: ({ userId, role }, _, row) => [
    row("activity_events", "user_id", userId),
    ...(role === "company" ? [row("activity_events", "user_id", "null")] : []),
  ],
});
