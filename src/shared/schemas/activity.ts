// Activity events as the dashboard's Recent Activity and the notification bell read them.
import { z } from "zod";
import { pageQueryFields, pageSchema } from "./paging";

export const activityItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** GET /api/dashboard/activity: the caller's timeline, newest first; the dashboard's Recent Activity shows page 1. */
export const ACTIVITY_PAGE_SIZE = 8;
export const activityQuerySchema = z.strictObject(pageQueryFields(ACTIVITY_PAGE_SIZE));
export const activityPageSchema = pageSchema(activityItemSchema);
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** href: the portal page that shows what the notification is about (shared/item-links.ts), for its reader's side. */
const notificationSchema = activityItemSchema.extend({ read: z.boolean(), href: z.string() });
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the bell's page, newest first, with the unread count over all of them (not only this page). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationsQuerySchema = z.strictObject(pageQueryFields(NOTIFICATIONS_PAGE_SIZE));
export const notificationPageSchema = pageSchema(notificationSchema).extend({ unreadCount: z.number() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Marking notifications read: how many changed. */
export const markReadReplySchema = z.object({ success: z.boolean(), updated: z.number() });
export type MarkReadReply = z.infer<typeof markReadReplySchema>;
