// POST /api/projects/{id}/requirements/generate: writes the brief from the saved answers, with the AI service
// when configured (a failure is reported, with the built-in composer offered) or with the built-in composer.
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type BriefGeneratorChoice, REQUIREMENT_MESSAGES } from "../../../../shared/schemas/requirements";
import { consumeRateLimits } from "../../../auth/rate-limit";
import type { AppContext } from "../../../context";
import { profiles, requirements } from "../../../db/schema";
import { AppError, badRequest } from "../../../errors";
import { recordActivity } from "../../activity/record-activity";
import type { ProjectAccess } from "../access";
import { AiServiceError } from "../ai/chat-completions";
import { briefGeneratorFor } from "../brief/brief-generator";
import type { BriefInput } from "../brief/compose-brief";
import { toRequirementsDto } from "./requirements-dto";
import { briefLocked } from "./save-requirements";

const CORE_MIN_LENGTH = 10;

/** Each AI brief is a paid, slow call to another service: at most this many per user per hour. */
const AI_GENERATION_LIMIT = { max: 10, windowSeconds: 60 * 60 };

export async function generateBrief(
  ctx: AppContext,
  access: ProjectAccess,
  choice: BriefGeneratorChoice | undefined,
  log: FastifyBaseLogger,
) {
  const { project, user } = access;
  const [saved] = await ctx.db.select().from(requirements).where(eq(requirements.projectId, project.id)).limit(1);
  if (!saved) throw badRequest(REQUIREMENT_MESSAGES.saveFirst, undefined, "REQUIREMENTS_NOT_SAVED");
  if (saved.briefConfirmed) throw briefLocked();
  if ((saved.coreFunctionality ?? "").trim().length < CORE_MIN_LENGTH) {
    throw badRequest(REQUIREMENT_MESSAGES.generateNeedsCore, { coreFunctionality: REQUIREMENT_MESSAGES.coreFunctionality });
  }
  if (choice === "ai" && !ctx.config.ai.baseUrl) {
    throw badRequest("No AI service is configured; the built-in composer writes the brief.", undefined, "AI_NOT_CONFIGURED");
  }

  const [owner] = await ctx.db
    .select({ company: profiles.company, fullName: profiles.fullName, industry: profiles.industry })
    .from(profiles)
    .where(eq(profiles.userId, project.userId))
    .limit(1);
  const input: BriefInput = {
    answers: {
      projectName: saved.projectName,
      techStack: saved.techStack,
      problemStatement: saved.problemStatement,
      targetUsers: saved.targetUsers,
      currentSolution: saved.currentSolution,
      coreFunctionality: saved.coreFunctionality,
      idealWorkflow: saved.idealWorkflow,
      successCriteria: saved.successCriteria,
      additionalRequirements: saved.additionalRequirements,
    },
    project: {
      projectCode: project.projectCode,
      packageType: project.packageType,
      userLimit: project.userLimit,
      maxIterations: project.maxIterations,
      budgetRange: project.budgetRange,
      timeline: project.timeline,
    },
    client: { company: owner?.company ?? null, contactName: owner?.fullName ?? null, industry: owner?.industry ?? null },
    date: new Date(),
  };

  const generator = briefGeneratorFor(ctx.config, choice);
  if (generator.id !== "builtin") {
    await consumeRateLimits(
      ctx.db,
      [{ bucket: "ai-brief-user-hour", key: user.id, ...AI_GENERATION_LIMIT }],
      "You have asked the AI service for many briefs in the last hour. Please wait, or use the built-in composer.",
    );
  }
  let brief: string;
  try {
    brief = await generator.generate(input);
  } catch (error) {
    if (!(error instanceof AiServiceError)) throw error;
    log.warn({ failure: error.failure, attempts: error.attempts, detail: error.message }, "AI brief generation failed");
    throw new AppError(
      502,
      "AI_UNAVAILABLE",
      `${error.publicMessage} Try again later, or write the brief with the built-in composer instead.`,
    );
  }

  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(requirements).where(eq(requirements.projectId, project.id)).for("update").limit(1);
    if (current?.briefConfirmed) throw briefLocked();
    const [updated] = await tx
      .update(requirements)
      .set({
        generatedBrief: brief.trim(),
        briefGeneratedBy: generator.id,
        briefStatus: "generated",
        approvalStatus: "pending",
        updatedAt: new Date(),
      })
      .where(eq(requirements.projectId, project.id))
      .returning();
    if (!updated) throw new Error("requirements vanished while generating the brief");
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: user.id,
      type: "brief.generated",
      title: "AI brief generated",
      description:
        generator.id === "builtin"
          ? `${project.projectCode}: the brief was written by the built-in composer.`
          : `${project.projectCode}: the brief was written by ${generator.id.slice(3)}.`,
      notify: true,
    });
    return updated;
  });
  return toRequirementsDto(row);
}
