// Activity events as the dashboard's Recent Activity and the notification bell read them.
import { z } from "zod";

export const activityItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** href: the portal page that shows what the notification is about (shared/item-links.ts), for its reader's side. */
const notificationSchema = activityItemSchema.extend({ read: z.boolean(), href: z.string() });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Marking notifications read: how many changed. */
export const markReadReplySchema = z.object({ success: z.boolean(), updated: z.number() });
export type MarkReadReply = z.infer<typeof markReadReplySchema>;
