// POST /api/projects/{id}/payments/{phase}/checkout: Stripe Checkout for a payment phase; the browser goes to the
// hosted page at the answer's url. Paid is only ever learnt from the webhook, never from the return to the portal.
import type { PaymentPhase } from "../../../../shared/domain/payments";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import type { MutationConfig } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

const startCheckout = (input: { projectId: string; phase: PaymentPhase }) =>
  apiRequest<{ url: string }>("POST", API.checkout.path({ projectId: input.projectId, phase: input.phase }), {});

export function useStartCheckout(config: MutationConfig<typeof startCheckout> = {}) {
  return useAction({ ...config, mutationFn: startCheckout });
}
