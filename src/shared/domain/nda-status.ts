// How the NDA's state reads to the customer: first match wins.

type NdaFacts = { ndaSigned?: boolean | null; ndaStatus?: string | null } | null | undefined;

type NdaDisplayKey = "not_started" | "approved" | "awaiting_company" | "awaiting_signature" | "ready";

type NdaDisplay = {
  key: NdaDisplayKey;
  label: string;
  tone: "neutral" | "success" | "warning" | "info";
};

const NDA_DISPLAY: Record<NdaDisplayKey, NdaDisplay> = {
  not_started: { key: "not_started", label: "Not started", tone: "neutral" },
  approved: { key: "approved", label: "Signed & Approved", tone: "success" },
  awaiting_company: { key: "awaiting_company", label: "Pending Company Approval", tone: "warning" },
  awaiting_signature: { key: "awaiting_signature", label: "Pending Your Signature", tone: "info" },
  ready: { key: "ready", label: "Ready to Sign", tone: "info" },
};

export function ndaStatusDisplay(profile: NdaFacts): NdaDisplay {
  if (!profile) return NDA_DISPLAY.not_started;
  if (profile.ndaSigned && profile.ndaStatus === "approved") return NDA_DISPLAY.approved;
  if (profile.ndaStatus === "customer_verified") return NDA_DISPLAY.awaiting_company;
  if (profile.ndaStatus === "pending") return NDA_DISPLAY.awaiting_signature;
  return NDA_DISPLAY.ready;
}
