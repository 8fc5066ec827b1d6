// POST /api/nda/send-otp: sends the NDA codes to both parties.
import { useMutation } from "@tanstack/react-query";
import type { NdaActionReply, SendNdaOtpInput } from "../../../../shared/schemas/nda";
import { apiRequest } from "../../../lib/api";

const sendNdaCode = (input: SendNdaOtpInput) => apiRequest<NdaActionReply>("POST", "/api/nda/send-otp", input);

export function useSendNdaCode() {
  return useMutation({ mutationFn: sendNdaCode });
}
