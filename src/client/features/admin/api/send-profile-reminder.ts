// POST /api/company/users/{userId}/profile-reminder: emails an incomplete customer (throttled on the server).
import { useMutation } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";

export const sendProfileReminder = (userId: string) =>
  apiRequest<SuccessReply>("POST", `/api/company/users/${userId}/profile-reminder`, {});

export function useSendProfileReminder(config: MutationConfig<typeof sendProfileReminder> = {}) {
  return useMutation({
    ...config,
    mutationFn: sendProfileReminder,
  });
}
