// POST /api/company/projects/{id}/updates: the company posts a progress update (its images as multipart parts).
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { PostUpdateBody, ProjectUpdate } from "../../../../shared/schemas/updates";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

export type PostUpdateInput = PostUpdateBody & { images: File[] };

export function postUpdate(projectId: string, input: PostUpdateInput): Promise<ProjectUpdate> {
  const body = new FormData();
  body.append("summary", input.summary);
  body.append("health", input.health);
  if (input.nextSteps) body.append("nextSteps", input.nextSteps);
  for (const image of input.images) body.append("images", image);
  return apiRequest<ProjectUpdate>("POST", API.postUpdate.path({ projectId }), body);
}

export function usePostUpdate(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (input: PostUpdateInput) => postUpdate(projectId, input),
    // The project's row carries its last-update time: its tag refreshes the list, the console's list and counts.
    onSuccess: () => refreshTags(queryClient, [rowTag("projects", "id", projectId), "projects"]),
  });
}
