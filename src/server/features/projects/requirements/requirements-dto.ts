// Requirements rows in the API shape.
import type { Requirements } from "../../../../shared/schemas/requirements";
import type { requirements } from "../../../db/schema";

export type RequirementsRow = typeof requirements.$inferSelect;

export function toRequirementsDto(row: RequirementsRow): Requirements {
  return {
    projectId: row.projectId,
    projectName: row.projectName,
    techStack: row.techStack,
    problemStatement: row.problemStatement,
    targetUsers: row.targetUsers,
    currentSolution: row.currentSolution,
    coreFunctionality: row.coreFunctionality,
    idealWorkflow: row.idealWorkflow,
    successCriteria: row.successCriteria,
    additionalRequirements: row.additionalRequirements,
    approved: row.approved,
    requirementsStatus: row.requirementsStatus,
    generatedBrief: row.generatedBrief,
    briefGeneratedBy: row.briefGeneratedBy,
    briefConfirmed: row.briefConfirmed,
    briefConfirmedAt: row.briefConfirmedAt ? row.briefConfirmedAt.toISOString() : null,
    briefStatus: row.briefStatus,
    approvalStatus: row.approvalStatus,
    updatedAt: row.updatedAt.toISOString(),
  };
}
