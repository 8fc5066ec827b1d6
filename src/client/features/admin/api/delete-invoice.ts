// DELETE /api/company/projects/{id}/invoices/{phase}: removes a phase's invoice.
import { useMutation } from "@tanstack/react-query";
import type { AdminProject, InvoicePhase } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { useRefreshAdminData } from "./admin-cache";

export const deleteInvoice = (input: { id: string; phase: InvoicePhase }) =>
  apiRequest<AdminProject>("DELETE", `/api/company/projects/${input.id}/invoices/${input.phase}`);

export function useDeleteInvoice(config: MutationConfig<typeof deleteInvoice> = {}) {
  const refreshAdminData = useRefreshAdminData();
  return useMutation({
    ...config,
    mutationFn: deleteInvoice,
    onSuccess: async (...args) => {
      await refreshAdminData();
      return config.onSuccess?.(...args);
    },
  });
}
