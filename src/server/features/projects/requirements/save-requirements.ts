// POST /api/projects/{id}/requirements: saves the questionnaire, or edits / confirms the brief. A confirmed brief
// is locked: every later change is refused. State fields are derived here, never taken from the client.

import { eq } from "drizzle-orm";
import { editedAuthor } from "../../../../shared/domain/brief-author";
import { PROJECT_MESSAGES } from "../../../../shared/schemas/project";
import {
  answeredCount,
  missesSaveMinimum,
  REQUIRED_QUESTION_COUNT,
  REQUIREMENT_MESSAGES,
  REQUIREMENT_TEXT_FIELDS,
  type RequirementAnswers,
  type RequirementField,
  type SaveRequirementsBody,
  saveErrors,
} from "../../../../shared/schemas/requirements";
import type { Database } from "../../../db/client";
import { profiles, projects, requirements } from "../../../db/schema";
import { badRequest, conflict } from "../../../errors";
import { recordActivity } from "../../activity";
import { enqueueWebhookEvent } from "../../webhooks";
import type { ProjectAccess } from "../access";
import { applyStatusRules } from "../apply-status-rules";
import { findOwnerProfile, ownerOnboarded } from "../owner-onboarding";
import { type RequirementsRow, toRequirementsDto } from "./requirements-dto";

export const briefLocked = () => conflict(REQUIREMENT_MESSAGES.briefLocked, "BRIEF_LOCKED");

function answersOf(row: RequirementsRow | undefined): Partial<RequirementAnswers> {
  const answers: Partial<RequirementAnswers> = {};
  for (const field of REQUIREMENT_TEXT_FIELDS) answers[field] = row?.[field] ?? "";
  return answers;
}

function stored(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  return trimmed ? trimmed : null;
}

export async function saveRequirements(db: Database, { access, body }: { access: ProjectAccess; body: SaveRequirementsBody }) {
  const formFields = REQUIREMENT_TEXT_FIELDS.filter((field) => body[field] !== undefined);
  const touchesBrief = body.generatedBrief !== undefined || body.briefConfirmed !== undefined;
  if (formFields.length === 0 && !touchesBrief) {
    throw badRequest(REQUIREMENT_MESSAGES.saveMinimum, {
      projectName: REQUIREMENT_MESSAGES.projectName,
      problemStatement: REQUIREMENT_MESSAGES.problemStatement,
    });
  }
  const { project, user } = access;
  if (!ownerOnboarded(await findOwnerProfile(db, project.userId))) throw conflict(PROJECT_MESSAGES.ndaRequired, "NDA_REQUIRED");

  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(requirements).where(eq(requirements.projectId, project.id)).for("update").limit(1);
    if (existing?.briefConfirmed) throw briefLocked();

    const answers = answersOf(existing);
    for (const field of formFields) answers[field as RequirementField] = body[field] ?? "";
    if (formFields.length > 0) {
      const errors = saveErrors(answers);
      if (missesSaveMinimum(answers)) throw badRequest(REQUIREMENT_MESSAGES.saveMinimum, errors);
      const first = Object.values(errors)[0];
      if (first) throw badRequest(first, errors);
    } else if (!existing) {
      throw badRequest(REQUIREMENT_MESSAGES.saveFirst, undefined, "REQUIREMENTS_NOT_SAVED");
    }

    const brief = body.generatedBrief !== undefined ? stored(body.generatedBrief) : (existing?.generatedBrief ?? null);
    const confirming = body.briefConfirmed === true;
    if (confirming && !brief) throw badRequest(REQUIREMENT_MESSAGES.briefEmpty, undefined, "BRIEF_EMPTY");

    const briefChanged = body.generatedBrief !== undefined && brief !== stored(existing?.generatedBrief);
    const now = new Date();
    const values = {
      projectName: stored(answers.projectName),
      techStack: stored(answers.techStack),
      problemStatement: stored(answers.problemStatement),
      targetUsers: stored(answers.targetUsers),
      currentSolution: stored(answers.currentSolution),
      coreFunctionality: stored(answers.coreFunctionality),
      idealWorkflow: stored(answers.idealWorkflow),
      successCriteria: stored(answers.successCriteria),
      additionalRequirements: stored(answers.additionalRequirements),
      requirementsStatus: stored(answers.problemStatement) ? "completed" : "pending",
      generatedBrief: brief,
      briefGeneratedBy: briefChanged ? editedAuthor(existing?.briefGeneratedBy ?? null) : (existing?.briefGeneratedBy ?? null),
      briefStatus: brief ? "generated" : null,
      briefConfirmed: confirming,
      briefConfirmedAt: confirming ? now : null,
      approvalStatus: confirming ? "approved" : brief ? "pending" : null,
      approved: confirming,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(requirements)
      .values({ projectId: project.id, ...values })
      .onConflictDoUpdate({ target: requirements.projectId, set: values })
      .returning();
    if (!row) throw new Error("requirements upsert returned nothing");

    if (formFields.length > 0) {
      await tx.update(projects).set({ projectName: values.projectName, updatedAt: now }).where(eq(projects.id, project.id));
      await tx.update(profiles).set({ requirementsSubmitted: true, updatedAt: now }).where(eq(profiles.userId, project.userId));
      await recordActivity(tx, {
        userId: project.userId,
        projectId: project.id,
        actorId: user.id,
        type: "requirements.saved",
        // A save is a draft until the brief is confirmed: never "submitted" (issue 48 §4).
        title: existing ? "Requirements updated" : "Requirements saved",
        description: `${project.projectCode}: ${answeredCount(answers)} of ${REQUIRED_QUESTION_COUNT} questions answered.`,
      });
    }
    if (briefChanged && !confirming) {
      await recordActivity(tx, {
        userId: project.userId,
        projectId: project.id,
        actorId: user.id,
        type: "brief.edited",
        title: "Brief edited",
        description: `${project.projectCode}: the brief text was changed.`,
      });
    }
    if (confirming) {
      await recordActivity(tx, {
        userId: project.userId,
        projectId: project.id,
        actorId: user.id,
        type: "brief.confirmed",
        title: "Brief confirmed",
        description: `${project.projectCode}: the brief is approved and locked.`,
        notify: true,
      });
      await enqueueWebhookEvent(tx, { type: "brief.confirmed", data: { projectId: project.id } });
    }
    await applyStatusRules(tx, { projectId: project.id, actorId: user.id, now });
    return row;
  });
  return toRequirementsDto(saved);
}
