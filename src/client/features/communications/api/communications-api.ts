// The one owner of the communications endpoints on the client: a project's threads, sending, replying, marking read,
// and the company's view of every project's threads (for the admin console).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Communication,
  CompanyCommunicationPage,
  CompanyCommunicationsQuery,
  NewCommunicationInput,
  NewReplyInput,
} from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { notificationsQueryKey } from "../../notifications/api/get-notifications";

/** Without the live stream, threads are refetched this often. */
export const COMMUNICATIONS_FALLBACK_POLL_MS = 30_000;

export const communicationsKey = (projectId: string) => ["/api/projects", projectId, "communications"] as const;
export const COMPANY_COMMUNICATIONS_KEY = ["/api/company/communications"] as const;

export function communicationsQuery(projectId: string) {
  return queryOptions({
    queryKey: communicationsKey(projectId),
    queryFn: () => apiRequest<Communication[]>("GET", `/api/projects/${projectId}/communications`),
  });
}

export function useCommunications(projectId: string | undefined, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    ...communicationsQuery(projectId ?? ""),
    enabled: Boolean(projectId),
    refetchInterval: options.refetchInterval ?? false,
  });
}

export function companyCommunicationsQuery(params: CompanyCommunicationsQuery = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  return queryOptions({
    queryKey: [...COMPANY_COMMUNICATIONS_KEY, params] as const,
    queryFn: () => apiRequest<CompanyCommunicationPage>("GET", `/api/company/communications?${search}`),
    // Admin views load with no caching.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useCompanyCommunications(params: CompanyCommunicationsQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...companyCommunicationsQuery(params), enabled: options.enabled ?? true });
}

function useInvalidateThreads(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: communicationsKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: COMPANY_COMMUNICATIONS_KEY }),
    ]);
}

/** POST /api/projects/{id}/communications. */
export function useSendCommunication(projectId: string) {
  const invalidate = useInvalidateThreads(projectId);
  return useMutation({
    mutationFn: (input: NewCommunicationInput) =>
      apiRequest<Communication>("POST", `/api/projects/${projectId}/communications`, input),
    onSuccess: invalidate,
  });
}

/** POST /api/projects/{id}/communications/{communicationId}/replies (the customer's page and the admin's reply box). */
export function useReplyToCommunication(projectId: string) {
  const invalidate = useInvalidateThreads(projectId);
  return useMutation({
    mutationFn: ({ communicationId, ...input }: NewReplyInput & { communicationId: string }) =>
      apiRequest<Communication>("POST", `/api/projects/${projectId}/communications/${communicationId}/replies`, input),
    onSuccess: invalidate,
  });
}

/** POST .../communications/{communicationId}/read: clears the thread's unread marker for the caller. */
export function useMarkThreadRead(projectId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateThreads(projectId);
  return useMutation({
    mutationFn: (communicationId: string) =>
      apiRequest<{ success: boolean }>("POST", `/api/projects/${projectId}/communications/${communicationId}/read`),
    onMutate: (communicationId) => {
      queryClient.setQueryData<Communication[]>(communicationsKey(projectId), (threads) =>
        threads?.map((thread) => (thread.id === communicationId ? { ...thread, unreadCount: 0 } : thread)),
      );
    },
    onSettled: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: notificationsQueryKey })]),
  });
}
