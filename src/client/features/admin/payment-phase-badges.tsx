// Each payment phase's state as the admin sees it (not issued, awaiting payment, paid via Stripe or by transfer,
// amount mismatch, paid twice, refunded), and a pasted amount that could not be read as money, kept word for word and flagged.
import { AlertTriangle } from "lucide-react";
import {
  PAYMENT_PHASE_STATE_LABELS,
  PAYMENT_PHASES,
  type PaymentPhase,
  type PaymentPhaseState,
} from "../../../shared/domain/payments";
import type { Project } from "../../../shared/schemas/project";
import { Badge } from "../../components/ui/badge";

type PhaseFacts = Pick<
  Project,
  | "advancePaymentState"
  | "balancePaymentState"
  | "advancePaymentAmountUnparsed"
  | "balancePaymentAmountUnparsed"
  | "finalPaymentAmountUnparsed"
>;

const STATE_VARIANT: Record<PaymentPhaseState, "secondary" | "warning" | "success" | "danger" | "outline"> = {
  not_issued: "secondary",
  awaiting_payment: "warning",
  paid_stripe: "success",
  paid_transfer: "success",
  amount_mismatch: "danger",
  duplicate_payment: "danger",
  refunded: "outline",
};

const SHORT_PHASE: Record<PaymentPhase, string> = { advance: "Advance", balance: "Balance" };

export function phaseState(project: PhaseFacts, phase: PaymentPhase): PaymentPhaseState | null {
  return phase === "advance" ? project.advancePaymentState : project.balancePaymentState;
}

/** "Advance: Paid via Stripe", "Balance: Not issued", one badge per phase. */
export function PaymentPhaseBadges({ project }: { project: PhaseFacts }) {
  return (
    <>
      {PAYMENT_PHASES.map((phase) => {
        const state = phaseState(project, phase);
        if (!state) return null;
        return (
          <Badge key={phase} variant={STATE_VARIANT[state]} data-testid={`payment-state-${phase}`}>
            {SHORT_PHASE[phase]}: {PAYMENT_PHASE_STATE_LABELS[state]}
          </Badge>
        );
      })}
    </>
  );
}

/** One phase's state, beside its amount in the project's details. */
export function PhaseStateBadge({ project, phase }: { project: PhaseFacts; phase: PaymentPhase }) {
  const state = phaseState(project, phase);
  if (!state) return null;
  return (
    <Badge variant={STATE_VARIANT[state]} className="ml-2" data-testid={`payment-state-${phase}`}>
      {PAYMENT_PHASE_STATE_LABELS[state]}
    </Badge>
  );
}

/** The pasted amounts that are not money yet: the admin re-enters them (the text is kept as it was typed). */
export function UnparsedAmounts({ project }: { project: PhaseFacts }) {
  const unparsed = [
    ["Advance", project.advancePaymentAmountUnparsed],
    ["Balance", project.balancePaymentAmountUnparsed],
    ["Final", project.finalPaymentAmountUnparsed],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (unparsed.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-1 text-xs font-medium text-amber-900" data-testid="unparsed-amounts">
      <AlertTriangle className="size-3.5" aria-hidden="true" />
      {unparsed.map(([name, text]) => `${name} amount “${text}” is not a number: re-enter it`).join(" · ")}
    </p>
  );
}
