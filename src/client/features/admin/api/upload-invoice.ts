// POST /api/company/projects/{id}/invoices/{phase} (multipart): a phase's invoice into the file store.
import { useQueryClient } from "@tanstack/react-query";
import type { AdminProject, InvoicePhase } from "../../../../shared/schemas/admin";
import { apiRequest, fileForm } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { refreshProject } from "./refresh-project";

export const uploadInvoice = (input: { id: string; phase: InvoicePhase; file: File }) =>
  apiRequest<AdminProject>("POST", API.invoice.path({ projectId: input.id, phase: input.phase }), fileForm(input.file));

export function useUploadInvoice(config: MutationConfig<typeof uploadInvoice> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, uploadInvoice, (_, input) => refreshProject(queryClient, input.id)));
}
