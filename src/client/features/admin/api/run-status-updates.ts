// POST /api/admin/test-status-updates: runs the automatic status rules now; the console reloads.
import type { StatusRun } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const runStatusUpdates = () => apiRequest<StatusRun>("POST", "/api/admin/test-status-updates", {});

export function useRunStatusUpdates(config: MutationConfig<typeof runStatusUpdates> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, runStatusUpdates, refreshCompanyData));
}
