// POST /api/auth/verify-code: checks the code and starts the session; the signed-in user goes straight into the cache.
import { useQueryClient } from "@tanstack/react-query";
import type { VerifyCodeInput, VerifyCodeReply } from "../../../../shared/schemas/auth";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { currentUserQueryKey, type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { noteSessionCookie } from "../../../lib/session-cookie";
import { useAction } from "../../../lib/use-action";

const verifySignInCode = (input: VerifyCodeInput) => apiRequest<VerifyCodeReply>("POST", API.verifySignInCode.path(), input);

export function useVerifySignInCode(config: MutationConfig<typeof verifySignInCode> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, verifySignInCode, (reply) => {
      noteSessionCookie(true);
      queryClient.setQueryData(currentUserQueryKey, reply.user);
    }),
  );
}
