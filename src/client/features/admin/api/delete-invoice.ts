// DELETE /api/company/projects/{id}/invoices/{phase}: removes a phase's invoice.
import { useQueryClient } from "@tanstack/react-query";
import type { AdminProject, InvoicePhase } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { refreshProject } from "./refresh-project";

export const deleteInvoice = (input: { id: string; phase: InvoicePhase }) =>
  apiRequest<AdminProject>("DELETE", API.invoice.path({ projectId: input.id, phase: input.phase }));

export function useDeleteInvoice(config: MutationConfig<typeof deleteInvoice> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, deleteInvoice, (_, input) => refreshProject(queryClient, input.id)));
}
