// POST /api/company/projects/{id}/access-expiry: the company extends the customer's access (a date in the future).
import { useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { refreshProject } from "./refresh-project";

export const extendAccess = (input: { id: string; customerAccessExpiryDate: string }) =>
  apiRequest<{ customerAccessExpiryDate: string }>("POST", API.accessExpiry.path({ projectId: input.id }), {
    customerAccessExpiryDate: input.customerAccessExpiryDate,
  });

export function useExtendAccess(config: MutationConfig<typeof extendAccess> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, extendAccess, (_, input) => refreshProject(queryClient, input.id)));
}
