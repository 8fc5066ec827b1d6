// POST /api/nda/send-otp: sends the NDA codes to both parties.
import type { NdaActionReply, SendNdaOtpInput } from "../../../../shared/schemas/nda";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { useAction } from "../../../lib/use-action";

const sendNdaCode = (input: SendNdaOtpInput) => apiRequest<NdaActionReply>("POST", API.ndaSendCode.path(), input);

export function useSendNdaCode() {
  return useAction({ mutationFn: sendNdaCode });
}
