// POST /api/projects/{id}/requirements/generate: writes the brief from the saved answers, with the AI service
// when configured (a failure is reported, with the built-in composer offered) or with the built-in composer.
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BUILTIN_AUTHOR } from "../../../../shared/domain/brief-author";
import { type BriefGeneratorChoice, missesGenerateMinimum, REQUIREMENT_MESSAGES } from "../../../../shared/schemas/requirements";
import { consumeRateLimits } from "../../../auth/rate-limit";
import type { AppContext } from "../../../context";
import { profiles, requirements } from "../../../db/schema";
import { badGateway, badRequest, tooManyRequests } from "../../../errors";
import { recordActivity } from "../../activity";
import type { ProjectAccess } from "../access";
import { AiServiceError } from "../ai/chat-completions";
import { briefGeneratorFor } from "../brief/brief-generator";
import type { BriefInput } from "../brief/compose-brief";
import { toRequirementsDto } from "./requirements-dto";
import { briefLocked } from "./save-requirements";

/** Briefs per user in 10 minutes (the composer is cheap but not free), and AI briefs per user in an hour (each is a paid call of up to AI_TIMEOUT_MS, tried twice). */
const GENERATE_LIMIT = { max: 20, windowSeconds: 10 * 60 };
const AI_LIMIT = { max: 10, windowSeconds: 60 * 60 };
const GENERATE_THROTTLED = "Too many briefs generated. Please try again in a few minutes.";

/** Users with a brief being written in this process: one at a time each, so parallel requests cannot pile up AI calls. */
const writing = new Set<string>();

export async function generateBrief(
  ctx: AppContext,
  { access, choice, log }: { access: ProjectAccess; choice: BriefGeneratorChoice | undefined; log: FastifyBaseLogger },
) {
  const { project, user } = access;
  const [saved] = await ctx.db.select().from(requirements).where(eq(requirements.projectId, project.id)).limit(1);
  if (!saved) throw badRequest(REQUIREMENT_MESSAGES.saveFirst, undefined, "REQUIREMENTS_NOT_SAVED");
  if (saved.briefConfirmed) throw briefLocked();
  if (missesGenerateMinimum(saved)) {
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
  if (writing.has(user.id)) throw tooManyRequests(5, "Your previous brief is still being written. Please wait for it to finish.");
  await consumeRateLimits(
    ctx.db,
    [
      { bucket: "brief-generate-user-10m", key: user.id, ...GENERATE_LIMIT },
      ...(generator.id === BUILTIN_AUTHOR ? [] : [{ bucket: "brief-ai-user-1h", key: user.id, ...AI_LIMIT }]),
    ],
    GENERATE_THROTTLED,
  );
  let brief: string;
  writing.add(user.id);
  try {
    brief = await generator.generate(input);
  } catch (error) {
    if (!(error instanceof AiServiceError)) throw error;
    log.warn({ failure: error.failure, attempts: error.attempts, detail: error.message }, "AI brief generation failed");
    throw badGateway(
      `${error.publicMessage} Try again later, or write the brief with the built-in composer instead.`,
      "AI_UNAVAILABLE",
    );
  } finally {
    writing.delete(user.id);
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
      // In the customer's words: which composer wrote it is the company's record (requirements.brief_generated_by).
      title: "Brief ready to review",
      description: `${project.projectCode}: your two-page brief is ready to read, edit and confirm.`,
      notify: true,
    });
    return updated;
  });
  return toRequirementsDto(row);
}
