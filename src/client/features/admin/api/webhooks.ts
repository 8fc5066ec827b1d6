// The Integrations tab's endpoints: GET/POST /api/company/webhooks, PATCH and DELETE one, rotate its secret, its
// delivery log (paged) and "Resend". The secret comes back only from add and rotate, and is never cached.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page } from "../../../../shared/schemas/paging";
import type { WebhookCreateInput, WebhookDelivery, WebhookEndpoint } from "../../../../shared/schemas/webhooks";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE, type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export type SecretReply = { endpoint: WebhookEndpoint; secret: string | null };

export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: API.companyWebhooks.key(),
    queryFn: () => apiRequest<Page<WebhookEndpoint>>("GET", API.companyWebhooks.path({ pageSize: 100 })),
    ...COMPANY_NO_CACHE,
  });
export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());

export const webhookDeliveriesQueryOptions = (endpointId: string, page: number) =>
  queryOptions({
    queryKey: API.companyWebhookDeliveries.key({ endpointId }, { page }),
    queryFn: () => apiRequest<Page<WebhookDelivery>>("GET", API.companyWebhookDeliveries.path({ endpointId }, { page })),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });
export const useWebhookDeliveries = (endpointId: string, page: number) =>
  useQuery(webhookDeliveriesQueryOptions(endpointId, page));

/** Every webhook read (the endpoints and each log) is asked again after a change. */
function useRefreshWebhooks() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: API.companyWebhooks.key() });
}

export const createWebhook = (input: WebhookCreateInput) => apiRequest<SecretReply>("POST", API.companyWebhooks.path(), input);
export function useCreateWebhook(config: MutationConfig<typeof createWebhook> = {}) {
  return useAction(ownedMutation(config, createWebhook, useRefreshWebhooks()));
}

export const updateWebhook = (input: { id: string; patch: { paused?: boolean; description?: string; events?: string[] } }) =>
  apiRequest<WebhookEndpoint>("PATCH", API.companyWebhook.path({ endpointId: input.id }), input.patch);
export function useUpdateWebhook(config: MutationConfig<typeof updateWebhook> = {}) {
  return useAction(ownedMutation(config, updateWebhook, useRefreshWebhooks()));
}

export const rotateWebhookSecret = (id: string) =>
  apiRequest<SecretReply>("POST", API.companyWebhookRotate.path({ endpointId: id }), {});
export function useRotateWebhookSecret(config: MutationConfig<typeof rotateWebhookSecret> = {}) {
  return useAction(ownedMutation(config, rotateWebhookSecret, useRefreshWebhooks()));
}

export const deleteWebhook = (id: string) => apiRequest<unknown>("DELETE", API.companyWebhook.path({ endpointId: id }));
export function useDeleteWebhook(config: MutationConfig<typeof deleteWebhook> = {}) {
  return useAction(ownedMutation(config, deleteWebhook, useRefreshWebhooks()));
}

export const resendWebhookDelivery = (id: string) =>
  apiRequest<WebhookDelivery>("POST", API.companyWebhookResend.path({ deliveryId: id }), {});
export function useResendWebhookDelivery(config: MutationConfig<typeof resendWebhookDelivery> = {}) {
  return useAction(ownedMutation(config, resendWebhookDelivery, useRefreshWebhooks()));
}
