// GET /api/projects/{id}/handover/summary: what the hand-over package holds, asked before the download link is
// offered, so a package the portal will not stream (over its size cap) is explained instead of failing as a download.
import { useQuery } from "@tanstack/react-query";
import type { HandoverSummary } from "../../../../shared/schemas/handover";
import { ApiError, apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const handoverSummaryQueryKey = (projectId: string) => API.handoverSummary.key({ projectId });

export function useHandoverSummary(projectId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: handoverSummaryQueryKey(projectId),
    queryFn: ({ signal }) => apiRequest<HandoverSummary>("GET", API.handoverSummary.path({ projectId }), undefined, { signal }),
    enabled: options.enabled ?? true,
    // A refusal (409: not completed, or over the cap) is an answer, not a failure to retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
