// POST /api/admin/test-status-updates: runs the automatic status rules now; the console reloads.
import { useMutation } from "@tanstack/react-query";
import type { StatusRun } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";

export const runStatusUpdates = () => apiRequest<StatusRun>("POST", "/api/admin/test-status-updates", {});

export function useRunStatusUpdates(config: MutationConfig<typeof runStatusUpdates> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useMutation(ownedMutation(config, runStatusUpdates, refreshCompanyData));
}
