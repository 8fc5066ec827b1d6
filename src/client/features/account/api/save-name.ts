// PUT /api/me/name: the viewer's own name. The answer goes straight into the current user (GET /api/auth/user's
// cache), so the header and every screen call them by it at once.
import { useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../shared/schemas/auth";
import type { DisplayNameReply } from "../../../../shared/schemas/display-name";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { currentUserQueryKey, type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const saveName = (name: string) => apiRequest<DisplayNameReply>("PUT", API.name.path(), { name });

export function useSaveName(config: MutationConfig<typeof saveName> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, saveName, (saved) =>
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) => (user ? { ...user, ...saved } : user)),
    ),
  );
}
