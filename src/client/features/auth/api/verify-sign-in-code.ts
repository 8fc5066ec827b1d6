// POST /api/auth/verify-code: checks the code and starts the session; the signed-in user goes straight into the cache.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VerifyCodeInput, VerifyCodeReply } from "../../../../shared/schemas/auth";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { currentUserQueryKey } from "../../../lib/query-client";
import { noteSessionCookie } from "../../../lib/session-cookie";

export const verifySignInCode = (input: VerifyCodeInput) => apiRequest<VerifyCodeReply>("POST", "/api/auth/verify-code", input);

export function useVerifySignInCode(config: MutationConfig<typeof verifySignInCode> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: verifySignInCode,
    onSuccess: (...args) => {
      noteSessionCookie(true);
      queryClient.setQueryData(currentUserQueryKey, args[0].user);
      return config.onSuccess?.(...args);
    },
  });
}
