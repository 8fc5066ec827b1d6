// POST /api/projects/{id}/communications/{communicationId}/read: clears the thread's unread marker for the caller,
// at once in the cache, then from the server with the notifications.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { CommunicationPage } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { ownRowTag, refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";
import { communicationsKey } from "./get-communications";

export const markThreadRead = (input: { projectId: string; communicationId: string }) =>
  apiRequest<{ success: boolean }>("POST", API.communicationRead.path(input));

export function useMarkThreadRead(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (communicationId: string) => markThreadRead({ projectId, communicationId }),
    onMutate: (communicationId) => {
      queryClient.setQueriesData<CommunicationPage>({ queryKey: communicationsKey(projectId) }, (threads) =>
        threads
          ? {
              ...threads,
              items: threads.items.map((thread) => (thread.id === communicationId ? { ...thread, unreadCount: 0 } : thread)),
            }
          : threads,
      );
    },
    onSettled: () =>
      refreshTags(queryClient, [
        rowTag("communication_reads", "project_id", projectId),
        ownRowTag(queryClient, "activity_events", "user_id"),
      ]),
  });
}
