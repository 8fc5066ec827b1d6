// POST /api/notifications/{id}/read and /api/notifications/read-all: marks one notification read, or all of them.
import { useQueryClient } from "@tanstack/react-query";
import type { MarkReadReply } from "../../../../shared/schemas/activity";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { ownRowTag, refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

/** Marks one notification read (by id), or all of them (null). */
export const markNotificationsRead = (id: string | null) =>
  apiRequest<MarkReadReply>("POST", id ? API.notificationRead.path({ notificationId: id }) : API.notificationsReadAll.path());

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: markNotificationsRead,
    onSuccess: () => refreshTags(queryClient, [ownRowTag(queryClient, "activity_events", "user_id")]),
  });
}
