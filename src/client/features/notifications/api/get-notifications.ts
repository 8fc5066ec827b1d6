// GET /api/notifications: the bell's first page (the newest) with the unread count over all of them.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationPage } from "../../../../shared/schemas/activity";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const notificationsQueryKey = API.notifications.key();

const getNotifications = () => apiRequest<NotificationPage>("GET", API.notifications.path());

export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationsQueryKey, queryFn: getNotifications });

export function useNotifications() {
  return useQuery({ ...notificationsQueryOptions(), retry: false });
}
