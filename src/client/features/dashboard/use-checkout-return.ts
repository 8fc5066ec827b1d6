// The dashboard after Stripe's hosted checkout (shared/domain/checkout-return.ts): a phase the payer came back from
// reads "confirming" until the webhook marks it received (the live update refetches the project), on this tab and
// after a reload; Pay Now is not offered for it meanwhile. A cancelled checkout says that nothing was charged.
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { readCheckoutReturn } from "../../../shared/domain/checkout-return";
import type { PaymentPhase } from "../../../shared/domain/payments";
import type { Project } from "../../../shared/schemas/project";

const storageKey = (projectId: string, phase: PaymentPhase) => `bp:checkout-returned:${projectId}:${phase}`;

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // private mode: the address still says it
  }
}

const receivedOn = (project: Project, phase: PaymentPhase) =>
  phase === "advance" ? project.advancePaymentReceivedDate : project.balancePaymentReceivedDate;

export function useCheckoutReturn(project: Project | null) {
  const [params] = useSearchParams();
  const back = readCheckoutReturn(params);

  const projectId = project?.id;
  const { outcome, phase: returnedPhase, sessionId } = back ?? {};
  useEffect(() => {
    if (!projectId || !returnedPhase) return;
    store(storageKey(projectId, returnedPhase), outcome === "returned" ? (sessionId ?? "returned") : null);
  }, [projectId, outcome, returnedPhase, sessionId]);

  useEffect(() => {
    if (!project) return;
    for (const phase of ["advance", "balance"] as const)
      if (receivedOn(project, phase)) store(storageKey(project.id, phase), null);
  }, [project]);

  return {
    /** The payer came back from paying this phase and the payment is not confirmed yet. */
    confirming(phase: PaymentPhase): boolean {
      if (!project || receivedOn(project, phase)) return false;
      if (back?.phase === phase) return back.outcome === "returned";
      return stored(storageKey(project.id, phase)) !== null;
    },
    /** The payer left this phase's checkout without paying. */
    cancelled(phase: PaymentPhase): boolean {
      return back?.phase === phase && back.outcome === "cancelled";
    },
  };
}
