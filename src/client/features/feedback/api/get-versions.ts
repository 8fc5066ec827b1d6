// GET /api/projects/{id}/versions and POST /api/company/projects/{id}/versions: the prototype's published versions,
// newest first. Publishing changes the project row (its URL, rounds, status), whose change tag refreshes this list.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { ProjectVersion, PublishVersionInput, VersionPage } from "../../../../shared/schemas/versions";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

export const versionsQueryKey = (projectId: string) => API.versions.key({ projectId });

export function useVersions(projectId: string | undefined) {
  return useQuery({
    queryKey: versionsQueryKey(projectId ?? ""),
    queryFn: () => apiRequest<VersionPage>("GET", API.versions.path({ projectId: projectId ?? "" }, { pageSize: 100 })),
    enabled: Boolean(projectId),
  });
}

export function usePublishVersion(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: PublishVersionInput) => apiRequest<ProjectVersion>("POST", API.publishVersion.path({ projectId }), body),
    onSuccess: () =>
      refreshTags(queryClient, [rowTag("projects", "id", projectId), rowTag("feedback", "project_id", projectId), "projects"]),
  });
}
