// GET /api/notifications: the bell's list with its unread count.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationList } from "../../../../shared/schemas/activity";
import { apiRequest } from "../../../lib/api";

export const notificationsQueryKey = ["/api/notifications"] as const;

const getNotifications = () => apiRequest<NotificationList>("GET", "/api/notifications");

export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationsQueryKey, queryFn: getNotifications });

export function useNotifications() {
  return useQuery({ ...notificationsQueryOptions(), retry: false });
}
