// POST /api/auth/logout: on success the cached user is cleared and every other cached answer dropped.
import { useQueryClient } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { currentUserQueryKey, type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { noteSessionCookie } from "../../../lib/session-cookie";
import { useAction } from "../../../lib/use-action";

const logout = () => apiRequest<SuccessReply>("POST", API.logout.path());

export function useLogout(config: MutationConfig<typeof logout> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, logout, () => {
      noteSessionCookie(false);
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    }),
  );
}
