// POST /api/projects/{id}/acceptance: the owner or an admin-level member approves the published prototype version
// (recorded with who, when, from where, the version and the hashes of the BRD and the confirmed brief; the status
// rules then complete the project) or requests changes (a comment that lands in the project's thread and in Feedback
// Management, the project staying in testing). The company hears of both through the project's thread.
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { fileIdFromUrl } from "../../../shared/constants/files";
import { currentFeedbackRound } from "../../../shared/domain/feedback-rounds";
import { ACCEPTANCE_MESSAGES, type Acceptance, type acceptanceInputSchema } from "../../../shared/schemas/acceptance";
import { recordAudit } from "../../audit/record-audit";
import { sha256Hex } from "../../auth/secrets";
import type { AppContext } from "../../context";
import { feedback, projectAcceptances, projects, projectVersions, requirements } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../errors";
import { postCommunication } from "../communications";
import { recordFeedbackCreated } from "../feedback";
import { applyStatusRules, PROJECT_NOT_FOUND, type ProjectAccess } from "../projects";
import { enqueueWebhookEvent } from "../webhooks";

type Input = z.output<typeof acceptanceInputSchema>;
type AcceptanceRow = typeof projectAcceptances.$inferSelect;
export type ClientInfo = { ip: string; userAgent: string | null };

export function toAcceptanceDto(row: AcceptanceRow, projectStatus: string): Acceptance {
  return {
    id: row.id,
    projectId: row.projectId,
    decision: row.decision,
    comment: row.comment,
    decidedAt: row.decidedAt.toISOString(),
    decidedBy: { name: row.userName, email: row.userEmail },
    version: { number: row.versionNumber, url: row.versionUrl, releaseNotes: row.releaseNotes },
    brdSha256: row.brdSha256,
    briefSha256: row.briefSha256,
    projectStatus,
  };
}

/** Only the owner and admin-level members decide; the company, users and view-only members do not. */
export function assertMayDecide(access: ProjectAccess): void {
  if (access.accessLevel !== "owner" && access.accessLevel !== "admin") throw forbidden(ACCEPTANCE_MESSAGES.forbidden);
}

export async function decideAcceptance(
  ctx: AppContext,
  { access, input, client }: { access: ProjectAccess; input: Input; client: ClientInfo },
): Promise<Acceptance> {
  assertMayDecide(access);
  const { user } = access;
  const result = await ctx.db.transaction(async (tx) => {
    // Locked: two approvals at once, or an approval while a version is published, are taken one after the other.
    const [project] = await tx.select().from(projects).where(eq(projects.id, access.project.id)).for("update").limit(1);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.acceptedAt) throw conflict(ACCEPTANCE_MESSAGES.alreadyApproved, "ALREADY_APPROVED");
    const [version] = await tx
      .select()
      .from(projectVersions)
      .where(eq(projectVersions.projectId, project.id))
      .orderBy(desc(projectVersions.number))
      .limit(1);
    if (!version) throw conflict(ACCEPTANCE_MESSAGES.noVersion, "NO_PUBLISHED_VERSION");
    if (input.decision === "request_changes" && project.status !== "testing") {
      throw conflict(ACCEPTANCE_MESSAGES.notTesting);
    }
    // A BRD uploaded to the portal is stored under its SHA-256; one registered as an outside link has no bytes here.
    const brdSha256 = project.brdDocumentUrl ? fileIdFromUrl(project.brdDocumentUrl) : null;
    const [brief] = await tx
      .select({ text: requirements.generatedBrief, confirmed: requirements.briefConfirmed })
      .from(requirements)
      .where(eq(requirements.projectId, project.id))
      .limit(1);
    const briefText = brief?.confirmed ? brief.text?.trim() : null;
    const now = new Date();
    const [row] = await tx
      .insert(projectAcceptances)
      .values({
        projectId: project.id,
        decision: input.decision,
        comment: input.comment,
        userId: user.id,
        userName: user.name?.trim() || user.email,
        userEmail: user.email,
        accessLevel: access.accessLevel,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        versionNumber: version.number,
        versionUrl: version.url,
        releaseNotes: version.releaseNotes,
        brdSha256,
        briefSha256: briefText ? sha256Hex(briefText) : null,
        decidedAt: now,
      })
      .returning();
    if (!row) throw new Error("acceptance insert returned nothing");
    await recordAudit(tx, {
      projectId: project.id,
      actor: { id: user.id, email: user.email },
      action: "project.decided",
      changes: [
        { field: "decision", before: null, after: `${input.decision} version ${version.number}` },
        { field: "decidedFromIp", before: null, after: row.ip },
        { field: "decidedWithBrowser", before: null, after: row.userAgent },
      ],
    });
    let status = project.status;
    if (input.decision === "approve") {
      await tx.update(projects).set({ acceptedAt: now, updatedAt: now }).where(eq(projects.id, project.id));
      await enqueueWebhookEvent(tx, { type: "project.approved", data: { projectId: project.id, versionNumber: version.number } });
      status = (await applyStatusRules(tx, { projectId: project.id, actorId: user.id, now })) ?? status;
    } else {
      // The change request is an item in Feedback Management, in the open round, against the version it is about.
      const [item] = await tx
        .insert(feedback)
        .values({
          projectId: project.id,
          authorId: user.id,
          feedbackType: "enhancement",
          issueFaced: `Changes requested before approval of version ${version.number}`,
          changeDescription: input.comment ?? "",
          round: currentFeedbackRound(project),
          versionNumber: version.number,
        })
        .returning();
      if (!item) throw new Error("feedback insert returned nothing");
      await recordFeedbackCreated(tx, { project, item, actorId: user.id, byCompany: false });
    }
    return { row, status, versionNumber: version.number };
  });
  // The project's thread puts the decision in front of the company (its email, bell and live update).
  await postCommunication(ctx, {
    scope: { kind: "project", ...access },
    input: {
      type: "message",
      subject:
        input.decision === "approve"
          ? `Prototype version ${result.versionNumber} approved`
          : `Changes requested on prototype version ${result.versionNumber}`,
      content:
        input.decision === "approve"
          ? `${result.row.userName} approved version ${result.versionNumber} of the prototype. The project is complete.${
              input.comment ? `\n\n${input.comment}` : ""
            }`
          : (input.comment ?? ""),
    } as Parameters<typeof postCommunication>[1]["input"],
  });
  return toAcceptanceDto(result.row, result.status);
}

/** The project's approval, or null before it. */
export async function findApproval(db: AppContext["db"], projectId: string): Promise<AcceptanceRow | null> {
  const [row] = await db
    .select()
    .from(projectAcceptances)
    .where(and(eq(projectAcceptances.projectId, projectId), eq(projectAcceptances.decision, "approve")))
    .limit(1);
  return row ?? null;
}
