// The bell's data: the list with its unread count, and marking read.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationList } from "../../../shared/schemas/activity";
import { apiRequest } from "../../lib/api";

export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;

export function useNotifications() {
  return useQuery<NotificationList>({ queryKey: NOTIFICATIONS_KEY, retry: false });
}

/** Marks one notification read (by id), or all of them (null). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      apiRequest("POST", id ? `/api/notifications/${encodeURIComponent(id)}/read` : "/api/notifications/read-all"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
