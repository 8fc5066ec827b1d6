// POST /api/nda/verify-customer-otp: the customer's code and signature sign the NDA; the answer carries the new profile.
import { useQueryClient } from "@tanstack/react-query";
import type { VerifyCustomerOtpInput } from "../../../../shared/schemas/nda";
import type { NdaSignedReply } from "../../../../shared/schemas/profile";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { ownRowTag, refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";
import { projectsQueryKey } from "../../projects/api/get-projects";
import { profileQueryKey } from "./get-profile";

export const signNda = (input: VerifyCustomerOtpInput) => apiRequest<NdaSignedReply>("POST", API.ndaSign.path(), input);

export function useSignNda() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: signNda,
    onSuccess: (reply) => {
      queryClient.setQueryData(profileQueryKey, reply.profile);
      void refreshTags(queryClient, [ownRowTag(queryClient, "activity_events", "user_id")]);
      // Signing opens the first project (the NDA comes before the idea).
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
