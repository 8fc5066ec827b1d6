// POST /api/company/users/{userId}/profile-reminder: emails an incomplete customer (throttled on the server).
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import type { MutationConfig } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const sendProfileReminder = (userId: string) => apiRequest<SuccessReply>("POST", API.profileReminder.path({ userId }), {});

export function useSendProfileReminder(config: MutationConfig<typeof sendProfileReminder> = {}) {
  return useAction({
    ...config,
    mutationFn: sendProfileReminder,
  });
}
