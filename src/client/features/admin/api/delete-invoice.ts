// DELETE /api/company/projects/{id}/invoices/{phase}: removes a phase's invoice.
import { useMutation } from "@tanstack/react-query";
import type { AdminProject, InvoicePhase } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";

export const deleteInvoice = (input: { id: string; phase: InvoicePhase }) =>
  apiRequest<AdminProject>("DELETE", `/api/company/projects/${input.id}/invoices/${input.phase}`);

export function useDeleteInvoice(config: MutationConfig<typeof deleteInvoice> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useMutation(ownedMutation(config, deleteInvoice, refreshCompanyData));
}
