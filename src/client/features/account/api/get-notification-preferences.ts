// GET /api/me/notification-preferences: the caller's choice per notification kind.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationPreferences } from "../../../../shared/schemas/account";
import { apiRequest } from "../../../lib/api";

export const notificationPreferencesQueryKey = ["/api/me/notification-preferences"] as const;

const getNotificationPreferences = () => apiRequest<NotificationPreferences>("GET", "/api/me/notification-preferences");

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationPreferencesQueryKey, queryFn: getNotificationPreferences });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
