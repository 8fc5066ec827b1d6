// POST /api/auth/request-code: emails a one-time sign-in code (the demo account gets none).
import type { RequestCodeInput, RequestCodeReply } from "../../../../shared/schemas/auth";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import type { MutationConfig } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

const requestSignInCode = (input: RequestCodeInput) => apiRequest<RequestCodeReply>("POST", API.requestSignInCode.path(), input);

export function useRequestSignInCode(config: MutationConfig<typeof requestSignInCode> = {}) {
  return useAction({ ...config, mutationFn: requestSignInCode });
}
