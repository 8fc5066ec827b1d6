// GET /api/projects/{id}/invoices: the project's invoices with their PDF and receipt links (owner and admin-level
// members; the project's row tag refreshes it, live/refresh-by-tag.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InvoiceSummary } from "../../../../shared/schemas/invoices";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const projectInvoicesQueryKey = (projectId: string) => API.projectInvoices.key({ projectId });

export const getProjectInvoices = (projectId: string) =>
  apiRequest<InvoiceSummary[]>("GET", API.projectInvoices.path({ projectId }));

export const projectInvoicesQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectInvoicesQueryKey(projectId), queryFn: () => getProjectInvoices(projectId) });

/** Asked only for those who may see invoices (`allowed`): a member below admin would be refused. */
export function useProjectInvoices(projectId: string | undefined, allowed: boolean) {
  return useQuery({ ...projectInvoicesQueryOptions(projectId ?? ""), enabled: Boolean(projectId) && allowed });
}
