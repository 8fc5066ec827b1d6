// GET /api/me/notification-preferences: the caller's choice per notification kind.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationPreferences } from "../../../../shared/schemas/account";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const notificationPreferencesQueryKey = API.notificationPreferences.key();

const getNotificationPreferences = () => apiRequest<NotificationPreferences>("GET", API.notificationPreferences.path());

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationPreferencesQueryKey, queryFn: getNotificationPreferences });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
