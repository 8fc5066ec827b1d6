// The customer's decision on the prototype (POST /api/projects/{id}/acceptance): approve the published version, which
// completes the project, or request changes with a comment, which keeps it in testing.
import { z } from "zod";

export const ACCEPTANCE_COMMENT_MAX = 5000;

export const ACCEPTANCE_MESSAGES = {
  decisionRequired: "Please choose: approve the prototype or request changes",
  commentRequired: "Please say what should change before you approve",
  commentTooLong: `Please keep the comment under ${ACCEPTANCE_COMMENT_MAX} characters`,
  noVersion: "There is no published prototype version to approve yet.",
  alreadyApproved: "This project's prototype is already approved.",
  notTesting: "Changes can be requested while the prototype is in testing.",
  forbidden: "Only the project owner or a member with Admin access can approve the prototype or request changes.",
  notApproved: "The prototype has not been approved yet: the acceptance certificate exists once it is.",
  approved: "Prototype approved. Your project is complete.",
  changesRequested: "Your change request is with the company.",
} as const;

export const ACCEPTANCE_DECISIONS = ["approve", "request_changes"] as const;
export type AcceptanceDecision = (typeof ACCEPTANCE_DECISIONS)[number];

export const acceptanceInputSchema = z
  .strictObject({
    decision: z.enum(ACCEPTANCE_DECISIONS, { error: ACCEPTANCE_MESSAGES.decisionRequired }),
    comment: z
      .string()
      .trim()
      .max(ACCEPTANCE_COMMENT_MAX, ACCEPTANCE_MESSAGES.commentTooLong)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((value, issue) => {
    if (value.decision === "request_changes" && !value.comment) {
      issue.addIssue({ code: "custom", path: ["comment"], message: ACCEPTANCE_MESSAGES.commentRequired });
    }
  });
export type AcceptanceInput = z.input<typeof acceptanceInputSchema>;

export const acceptanceSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  decision: z.enum(ACCEPTANCE_DECISIONS),
  comment: z.string().nullable(),
  decidedAt: z.string(),
  decidedBy: z.object({ name: z.string(), email: z.string() }),
  version: z.object({ number: z.number(), url: z.string(), releaseNotes: z.string() }),
  brdSha256: z.string().nullable(),
  briefSha256: z.string().nullable(),
  projectStatus: z.string(),
});
export type Acceptance = z.infer<typeof acceptanceSchema>;
