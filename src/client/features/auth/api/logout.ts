// POST /api/auth/logout: on success the cached user is cleared (part 1 §7) and every other cached answer dropped.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { currentUserQueryKey } from "../../../lib/query-client";
import { noteSessionCookie } from "../../../lib/session-cookie";

export const logout = () => apiRequest<SuccessReply>("POST", "/api/auth/logout");

export function useLogout(config: MutationConfig<typeof logout> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: logout,
    onSuccess: (...args) => {
      noteSessionCookie(false);
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      return config.onSuccess?.(...args);
    },
  });
}
