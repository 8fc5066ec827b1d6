// POST /api/company/projects/{id}/invoices/{phase} (multipart): a phase's invoice into the file store.
import { useMutation } from "@tanstack/react-query";
import type { AdminProject, InvoicePhase } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { fileForm, useRefreshAdminData } from "./admin-cache";

export const uploadInvoice = (input: { id: string; phase: InvoicePhase; file: File }) =>
  apiRequest<AdminProject>("POST", `/api/company/projects/${input.id}/invoices/${input.phase}`, fileForm(input.file));

export function useUploadInvoice(config: MutationConfig<typeof uploadInvoice> = {}) {
  const refreshAdminData = useRefreshAdminData();
  return useMutation({
    ...config,
    mutationFn: uploadInvoice,
    onSuccess: async (...args) => {
      await refreshAdminData();
      return config.onSuccess?.(...args);
    },
  });
}
