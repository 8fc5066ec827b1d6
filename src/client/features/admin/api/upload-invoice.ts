// POST /api/company/projects/{id}/invoices/{phase} (multipart): a phase's invoice into the file store.
import type { AdminProject, InvoicePhase } from "../../../../shared/schemas/admin";
import { apiRequest, fileForm } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const uploadInvoice = (input: { id: string; phase: InvoicePhase; file: File }) =>
  apiRequest<AdminProject>("POST", `/api/company/projects/${input.id}/invoices/${input.phase}`, fileForm(input.file));

export function useUploadInvoice(config: MutationConfig<typeof uploadInvoice> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, uploadInvoice, refreshCompanyData));
}
