// The session on the client: GET /api/auth/user, where a 401 means "signed out" (part 1 §7).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { toast } from "../../components/ui/use-toast";
import { AUTH_USER_KEY, apiRequest, getQueryFn } from "../../lib/api";

export { AUTH_USER_KEY };

export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<CurrentUser | null>({ on401: "returnNull" }),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<{ success: boolean }>("POST", "/api/auth/logout"),
    onSuccess: () => {
      queryClient.setQueryData(AUTH_USER_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY[0] });
      toast({ title: "Logged out", description: "You have been logged out successfully." });
      navigate("/");
    },
    onError: () => {
      toast({ title: "Error", description: "Failed to logout. Please try again.", variant: "destructive" });
    },
  });
}
