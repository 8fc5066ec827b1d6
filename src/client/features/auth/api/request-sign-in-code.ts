// POST /api/auth/request-code: emails a one-time sign-in code (the demo account gets none).
import { useMutation } from "@tanstack/react-query";
import type { RequestCodeInput, RequestCodeReply } from "../../../../shared/schemas/auth";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";

const requestSignInCode = (input: RequestCodeInput) => apiRequest<RequestCodeReply>("POST", "/api/auth/request-code", input);

export function useRequestSignInCode(config: MutationConfig<typeof requestSignInCode> = {}) {
  return useMutation({ ...config, mutationFn: requestSignInCode });
}
