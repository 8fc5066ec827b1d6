// GET /api/auth/user: the session on the client, where a 401 means "signed out", not an error.
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { CURRENT_USER_BLOCK_ID } from "../../../../shared/runtime-tokens";
import type { CurrentUser } from "../../../../shared/schemas/auth";
import { apiRequest, isSessionLost } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { currentUserQueryKey } from "../../../lib/query-client";
import { mayHaveSessionCookie } from "../../../lib/session-cookie";

async function getCurrentUser(): Promise<CurrentUser | null> {
  // A visitor without a session cookie has no session: asking would only log a 401 in the console.
  if (!mayHaveSessionCookie()) return null;
  try {
    return await apiRequest<CurrentUser>("GET", API.currentUser.path());
  } catch (error) {
    if (isSessionLost(error)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });

/**
 * Puts the user that the server embedded in a signed-in user's app HTML (src/server/http/web.ts: GET /api/auth/user's
 * JSON) into the cache, fresh: the first render then asks nothing. Without the block the query asks as usual.
 */
export function seedCurrentUser(queryClient: QueryClient): void {
  const text = document.getElementById(CURRENT_USER_BLOCK_ID)?.textContent;
  if (!text) return;
  try {
    queryClient.setQueryData(currentUserQueryKey, JSON.parse(text) as CurrentUser);
  } catch {
    // unreadable: the query asks the server
  }
}

export function useAuth() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
