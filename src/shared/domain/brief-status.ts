// The three status cards of Prototype Projects: Requirements, AI Brief, Approval.

const BRIEF_STATUS_LABELS = {
  defined: "Defined",
  completed: "Completed",
  generated: "Generated",
  approved: "Approved",
  pending: "Pending",
  "not generated": "Not Generated",
} as const;
export type BriefCardStatus = keyof typeof BRIEF_STATUS_LABELS;

type RequirementsState =
  | {
      problemStatement?: string | null;
      generatedBrief?: string | null;
      briefConfirmed?: boolean | null;
      approvalStatus?: string | null;
    }
  | null
  | undefined;

/** Requirements show completed once a problem statement exists. */
export function requirementsCardStatus(requirements: RequirementsState): BriefCardStatus {
  return requirements?.problemStatement?.trim() ? "completed" : "pending";
}

export function briefCardStatus(requirements: RequirementsState): BriefCardStatus {
  return requirements?.generatedBrief?.trim() ? "generated" : "not generated";
}

export function approvalCardStatus(requirements: RequirementsState): BriefCardStatus {
  return requirements?.briefConfirmed || requirements?.approvalStatus === "approved" ? "approved" : "pending";
}

export function briefStatusLabel(status: string | null | undefined): string {
  return status && status in BRIEF_STATUS_LABELS ? BRIEF_STATUS_LABELS[status as BriefCardStatus] : BRIEF_STATUS_LABELS.pending;
}
