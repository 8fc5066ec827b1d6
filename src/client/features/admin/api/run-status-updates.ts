// POST /api/admin/test-status-updates: runs the automatic status rules now; the console reloads.
import { useQuery } from "@tanstack/react-query";
import type { StatusRun } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const runStatusUpdates = () => apiRequest<StatusRun>("POST", API.statusUpdates.path(), {});

export function useRunStatusUpdates(config: MutationConfig<typeof runStatusUpdates> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, runStatusUpdates, refreshCompanyData));
}

/** GET /api/admin/test-status-updates: what the rules would change now; changes nothing. */
export const previewStatusUpdates = () => apiRequest<StatusRun>("GET", API.statusUpdates.path());

export function useStatusUpdatesPreview(enabled: boolean) {
  return useQuery({
    queryKey: API.statusUpdates.key(),
    queryFn: previewStatusUpdates,
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
