// GET /api/company/projects/{id}/updates/draft: a summary written from the activity since the last update, asked for
// when the admin presses "Draft from activity" (never by itself).
import { useQuery } from "@tanstack/react-query";
import type { UpdateDraft } from "../../../../shared/schemas/updates";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const updateDraftQueryKey = (projectId: string) => API.updateDraft.key({ projectId });

export const getUpdateDraft = (projectId: string) => apiRequest<UpdateDraft>("GET", API.updateDraft.path({ projectId }));

export function useUpdateDraft(projectId: string) {
  return useQuery({
    queryKey: updateDraftQueryKey(projectId),
    queryFn: () => getUpdateDraft(projectId),
    enabled: false,
    ...COMPANY_NO_CACHE,
  });
}
