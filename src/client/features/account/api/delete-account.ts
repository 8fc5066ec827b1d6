// POST /api/me/deletion-code emails the confirmation code; POST /api/me/delete deletes the account with it. After a
// deletion the session is gone: the cached user is cleared and every other cached answer dropped, as on sign-out.
import { useQueryClient } from "@tanstack/react-query";
import type { DeleteAccountInput } from "../../../../shared/schemas/account";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { currentUserQueryKey, type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { noteSessionCookie } from "../../../lib/session-cookie";
import { useAction } from "../../../lib/use-action";

const sendDeletionCode = () => apiRequest<SuccessReply>("POST", API.deletionCode.path());

export function useSendDeletionCode(config: MutationConfig<typeof sendDeletionCode> = {}) {
  return useAction(ownedMutation(config, sendDeletionCode, () => undefined));
}

const deleteAccount = (input: DeleteAccountInput) => apiRequest<SuccessReply>("POST", API.deleteAccount.path(), input);

export function useDeleteAccount(config: MutationConfig<typeof deleteAccount> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, deleteAccount, () => {
      // Noted first: the router then sends the page the user was on home, not to sign in again (router.tsx).
      noteSessionCookie(false);
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    }),
  );
}
