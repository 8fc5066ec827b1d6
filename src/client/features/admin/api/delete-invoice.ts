// DELETE /api/company/projects/{id}/invoices/{phase}: removes a phase's invoice.
import type { AdminProject, InvoicePhase } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const deleteInvoice = (input: { id: string; phase: InvoicePhase }) =>
  apiRequest<AdminProject>("DELETE", `/api/company/projects/${input.id}/invoices/${input.phase}`);

export function useDeleteInvoice(config: MutationConfig<typeof deleteInvoice> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, deleteInvoice, refreshCompanyData));
}
