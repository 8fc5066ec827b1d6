// POST /api/company/projects/{id}/delivery-clock/start: the company starts a project's delivery clock by hand.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

export function useStartDeliveryClock(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: () =>
      apiRequest<{ deliveryStartedAt: string; deliveryDueAt: string }>("POST", API.deliveryClockStart.path({ projectId })),
    onSuccess: () => refreshTags(queryClient, [rowTag("projects", "id", projectId), "projects"]),
  });
}
