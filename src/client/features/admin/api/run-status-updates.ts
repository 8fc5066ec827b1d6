// POST /api/admin/test-status-updates: runs the automatic status rules now; the console reloads.
import { useMutation } from "@tanstack/react-query";
import type { StatusRun } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { useRefreshAdminData } from "./admin-cache";

export const runStatusUpdates = () => apiRequest<StatusRun>("POST", "/api/admin/test-status-updates", {});

export function useRunStatusUpdates(config: MutationConfig<typeof runStatusUpdates> = {}) {
  const refreshAdminData = useRefreshAdminData();
  return useMutation({
    ...config,
    mutationFn: runStatusUpdates,
    onSuccess: async (...args) => {
      await refreshAdminData();
      return config.onSuccess?.(...args);
    },
  });
}
