// GET /api/notifications: the bell's first page (the newest) with the unread count over all of them.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationPage } from "../../../../shared/schemas/activity";
import { apiRequest } from "../../../lib/api";

export const notificationsQueryKey = ["/api/notifications"] as const;

const getNotifications = () => apiRequest<NotificationPage>("GET", "/api/notifications");

export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationsQueryKey, queryFn: getNotifications });

export function useNotifications() {
  return useQuery({ ...notificationsQueryOptions(), retry: false });
}
