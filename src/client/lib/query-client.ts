// TanStack Query's cache rules, the console's no-cache rule, every poll interval, and the one session rule: a 401 from
// any query or mutation signs the user out.
import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useQueryClient,
} from "@tanstack/react-query";
import { MEETING_REQUESTS_POLL_MS } from "../../shared/constants/meetings";
import { QUERY_GC_MS, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS, QUERY_STALE_MS } from "../../shared/constants/ui";
import { type ApiError, isSessionLost } from "./api";
import { API, isCompanyRoot } from "./api-paths";

/** What a caller may add to an owner's mutation: its own onSuccess/onError run after the owner's cache updates. */
// biome-ignore lint/suspicious/noExplicitAny: matches any mutation function's arguments
export type MutationConfig<Fn extends (...args: any[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, ApiError | Error, Parameters<Fn>[0]>,
  "mutationFn"
>;

/**
 * An owner's mutation options: the owner's cache work (`updateCache`) runs first, then the caller's own onSuccess.
 * Use: `useAction(ownedMutation(config, createProject, () => queryClient.invalidateQueries(...)))`.
 */
// biome-ignore lint/suspicious/noExplicitAny: matches any mutation function's arguments
export function ownedMutation<Fn extends (...args: any[]) => Promise<unknown>>(
  config: MutationConfig<Fn>,
  mutationFn: Fn,
  updateCache: (data: Awaited<ReturnType<Fn>>, variables: Parameters<Fn>[0]) => unknown,
): UseMutationOptions<Awaited<ReturnType<Fn>>, ApiError | Error, Parameters<Fn>[0]> {
  return {
    ...config,
    mutationFn: (variables) => mutationFn(variables) as Promise<Awaited<ReturnType<Fn>>>,
    onSuccess: async (...args) => {
      await updateCache(args[0], args[1]);
      return config.onSuccess?.(...args);
    },
  };
}

/**
 * The session's query key. Its owner is features/auth/api/get-current-user.ts; it is defined here so that the session
 * rule below needs no query hooks (the public pages load this file).
 */
export const currentUserQueryKey = API.currentUser.key();

/** How often a screen asks again on its own (live updates do the rest). */
export const POLL_MS = {
  /** Meeting requests and their counts, customer and console. */
  meetingRequests: MEETING_REQUESTS_POLL_MS,
  /** A project's threads, only while the live stream is down. */
  communicationsFallback: 30_000,
  /** The prototype status view's projects. */
  prototypeStatus: 30_000,
  /** User Management's list of a project's users. */
  projectUsers: 5_000,
} as const;

/** Company data is never served from cache: every console view asks the server each time it shows. */
export const COMPANY_NO_CACHE = { staleTime: 0, gcTime: 60_000, refetchOnMount: "always" } as const;

/** Whether a query reads company data: its key starts with a company-only path. */
export function isCompanyQueryKey(key: QueryKey): boolean {
  return isCompanyRoot(key[0]);
}

/** Asks every company read again (Refresh Data, or after any console change). */
export function refreshCompanyData(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => isCompanyQueryKey(query.queryKey) });
}

export function useRefreshCompanyData(): () => Promise<void> {
  const client = useQueryClient();
  return () => refreshCompanyData(client);
}

/**
 * A mutation whose screen leads a lost session to sign-in itself (Confirm Brief: a toast, then /api/login) sets
 * `meta: { [SIGNS_IN_ITSELF]: true }`, so the screen is not replaced before it can.
 */
export const SIGNS_IN_ITSELF = "signsInItself";

export function createQueryClient(): QueryClient {
  // A 401 from any query or mutation means the session is gone; the router then shows the signed-out routes.
  const signOutOnSessionLost = (error: unknown, key?: QueryKey) => {
    if (key?.[0] !== currentUserQueryKey[0] && isSessionLost(error)) client.setQueryData(currentUserQueryKey, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => signOutOnSessionLost(error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.[SIGNS_IN_ITSELF]) signOutOnSessionLost(error);
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
