// TanStack Query with the spec's cache rules, and the one session rule: a 401 from any query signs out.
import { QueryCache, QueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { QUERY_GC_MS, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS, QUERY_STALE_MS } from "../../shared/constants/ui";
import { type ApiError, isSessionLost } from "./api";

/** What a caller may add to an owner's mutation: its own onSuccess/onError run after the owner's cache updates. */
// biome-ignore lint/suspicious/noExplicitAny: matches any mutation function's arguments
export type MutationConfig<Fn extends (...args: any[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, ApiError | Error, Parameters<Fn>[0]>,
  "mutationFn"
>;

/**
 * An owner's mutation options: the owner's cache work (`updateCache`) runs first, then the caller's own onSuccess.
 * Use: `useMutation(ownedMutation(config, createProject, () => queryClient.invalidateQueries(...)))`.
 */
// biome-ignore lint/suspicious/noExplicitAny: matches any mutation function's arguments
export function ownedMutation<Fn extends (...args: any[]) => Promise<unknown>>(
  config: MutationConfig<Fn>,
  mutationFn: Fn,
  updateCache: (data: Awaited<ReturnType<Fn>>) => unknown,
): UseMutationOptions<Awaited<ReturnType<Fn>>, ApiError | Error, Parameters<Fn>[0]> {
  return {
    ...config,
    mutationFn: (variables) => mutationFn(variables) as Promise<Awaited<ReturnType<Fn>>>,
    onSuccess: async (...args) => {
      await updateCache(args[0]);
      return config.onSuccess?.(...args);
    },
  };
}

/**
 * The session's query key. Its owner is features/auth/api/get-current-user.ts; it is defined here so that the session
 * rule below needs no query hooks (the public pages load this file).
 */
export const currentUserQueryKey = ["/api/auth/user"] as const;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Part 1 §8: a 401 from any query means the session is gone; the router then shows the signed-out routes.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== currentUserQueryKey[0] && isSessionLost(error)) {
          client.setQueryData(currentUserQueryKey, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: 1,
        retryDelay: (attempt) => Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_MAX_MS),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchOnMount: true,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
