// GET /api/auth/user: the session on the client, where a 401 means "signed out" (part 1 §7), not an error.
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../shared/schemas/auth";
import { apiRequest, isSessionLost } from "../../../lib/api";
import { currentUserQueryKey } from "../../../lib/query-client";
import { embeddedCurrentUser, mayHaveSessionCookie } from "../../../lib/session-cookie";

async function getCurrentUser(): Promise<CurrentUser | null> {
  // A visitor without a session cookie has no session: asking would only log a 401 in the console.
  if (!mayHaveSessionCookie()) return null;
  try {
    return await apiRequest<CurrentUser>("GET", "/api/auth/user");
  } catch (error) {
    if (isSessionLost(error)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });

/** Puts the user the server embedded in the app's HTML into the cache, fresh: the first render then asks nothing. */
export function seedCurrentUser(queryClient: QueryClient): void {
  const user = embeddedCurrentUser();
  if (user) queryClient.setQueryData(currentUserQueryKey, user);
}

export function useAuth() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
