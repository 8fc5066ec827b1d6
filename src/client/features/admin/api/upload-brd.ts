// POST /api/company/projects/{id}/brd (multipart): a BRD file into the file store.
import { useMutation } from "@tanstack/react-query";
import type { AdminProject } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { fileForm, useRefreshAdminData } from "./admin-cache";

export const uploadBrd = (input: { id: string; file: File }) =>
  apiRequest<AdminProject>("POST", `/api/company/projects/${input.id}/brd`, fileForm(input.file));

export function useUploadBrd(config: MutationConfig<typeof uploadBrd> = {}) {
  const refreshAdminData = useRefreshAdminData();
  return useMutation({
    ...config,
    mutationFn: uploadBrd,
    onSuccess: async (...args) => {
      await refreshAdminData();
      return config.onSuccess?.(...args);
    },
  });
}
