// The client's one way to talk to the API: cookies always sent, JSON bodies, errors as "status: body" (part 1 §7).
import { QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { isUnauthorizedError } from "../../shared/api-error";
import { QUERY_GC_MS, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS, QUERY_STALE_MS } from "../../shared/constants/ui";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, text, `${response.status}: ${text}`);
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The server's own message from an error (the JSON body's message), else the given fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    try {
      const parsed = JSON.parse(error.body) as { message?: unknown };
      if (typeof parsed.message === "string" && parsed.message) return parsed.message;
    } catch {
      // not JSON: fall through
    }
    return error.body || fallback;
  }
  return fallback;
}

/** Field messages from a 400 answer, to show beside the form fields. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  try {
    const parsed = JSON.parse(error.body) as { fields?: Record<string, string> };
    return parsed.fields ?? {};
  } catch {
    return {};
  }
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

type UnauthorizedBehavior = "returnNull" | "throw";

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join("/"), { credentials: "include" });
    if (options.on401 === "returnNull" && response.status === 401) {
      // Read the body anyway: an unread response stays open in the browser (and "network idle" never comes).
      await response.text();
      return null as T;
    }
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export const AUTH_USER_KEY = ["/api/auth/user"] as const;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Part 1 §8: a 401 from any query means the session is gone; the router then shows the signed-out routes.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== AUTH_USER_KEY[0] && isUnauthorizedError(error)) client.setQueryData(AUTH_USER_KEY, null);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
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
