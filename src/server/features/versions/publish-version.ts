// POST /api/company/projects/{id}/versions: the company publishes a prototype version (docs/decisions/0025-prototype-versions.md).
// The first is the delivery: it sets the prototype URL, stops the delivery clock and lets the status rules move the
// project to testing, and requests the balance (its amount, when none is set, is the price less the advance by the
// company's schedule; its invoice is issued and emailed in the same transaction). Each later one ends the open
// feedback round (an iteration), refused past maxIterations.
import { desc, eq, max } from "drizzle-orm";
import { toMinorUnits } from "../../../shared/domain/payments";
import { projectPrice, scheduledPhaseAmount } from "../../../shared/domain/pricing";
import type { ProjectVersion, PublishVersionInput } from "../../../shared/schemas/versions";
import { VERSION_MESSAGES } from "../../../shared/schemas/versions";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { projects, projectVersions, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { recordActivity } from "../activity";
import { endFeedbackRound } from "../feedback";
import { syncPhaseInvoices } from "../invoices";
import { readCompanyLegal } from "../legal";
import { applyStatusRules, PROJECT_NOT_FOUND } from "../projects";
import { enqueueWebhookEvent } from "../webhooks";
import { checkVersionUrl } from "./version-url";

type VersionRow = typeof projectVersions.$inferSelect;

export function toVersionDto(row: VersionRow, publisherName: string | null | undefined): ProjectVersion {
  return {
    id: row.id,
    projectId: row.projectId,
    number: row.number,
    url: row.url,
    releaseNotes: row.releaseNotes,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: publisherName === undefined ? null : { name: publisherName },
  };
}

export async function publishVersion(
  ctx: Pick<AppContext, "db" | "config" | "email">,
  {
    admin,
    projectId,
    input,
  }: { admin: SessionUser; projectId: string; input: PublishVersionInput & { url: string; releaseNotes: string } },
): Promise<ProjectVersion> {
  checkVersionUrl({ href: input.url, listedOrigins: ctx.config.prototypeFrameOrigins });
  return ctx.db.transaction(async (tx) => {
    // Locked: two versions published at once get numbers 1 and 2, and no feedback lands in a round as it ends.
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update").limit(1);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const [last] = await tx
      .select({ number: max(projectVersions.number) })
      .from(projectVersions)
      .where(eq(projectVersions.projectId, project.id));
    const number = (last?.number ?? 0) + 1;
    const now = new Date();
    let description = `${project.projectCode}: open Testing & Feedback to try it.`;
    if (number > 1) {
      if (project.iterationsUsed >= project.maxIterations) {
        throw conflict(VERSION_MESSAGES.roundsUsedUp(project.maxIterations), "ROUNDS_USED_UP");
      }
      const ended = await endFeedbackRound(tx, { project, now });
      description = `${project.projectCode}: feedback round ${ended.closedRound} of ${project.maxIterations} is complete${
        ended.carriedOver > 0
          ? ` (${ended.carriedOver} open item${ended.carriedOver === 1 ? "" : "s"} carried to the next round)`
          : ""
      }. Open Testing & Feedback to see what changed.`;
    }
    const [row] = await tx
      .insert(projectVersions)
      .values({
        projectId: project.id,
        number,
        url: input.url,
        releaseNotes: input.releaseNotes,
        publishedBy: admin.id,
        publishedAt: now,
      })
      .returning();
    if (!row) throw new Error("version insert returned nothing");
    await tx
      .update(projects)
      .set({ prototypeUrl: input.url, deliveredAt: project.deliveredAt ?? now, updatedAt: now })
      .where(eq(projects.id, project.id));
    await enqueueWebhookEvent(tx, {
      type: "version.published",
      data: { projectId: project.id, versionNumber: number, prototypeUrl: input.url },
    });
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: admin.id,
      type: number === 1 ? "project.prototype_ready" : "project.version_published",
      title: number === 1 ? "Your prototype is online" : `Version ${number} of your prototype is online`,
      description,
      notify: true,
    });
    if (number === 1) {
      await requestBalance(ctx, { tx, project, now });
      await applyStatusRules(tx, { projectId: project.id, actorId: admin.id, now });
    }
    return toVersionDto(row, admin.name ?? null);
  });
}

/**
 * The delivery requests the balance once the advance is in: a balance without an amount gets the price less the advance (the company's
 * advance percent, 50 by default), in the price's currency; the phase's invoice then follows.
 */
async function requestBalance(
  ctx: Pick<AppContext, "config" | "email">,
  { tx, project, now }: { tx: AppContext["db"]; project: typeof projects.$inferSelect; now: Date },
): Promise<void> {
  // Only a delivery the advance paid for: a project the company runs by hand has its balance requested by hand.
  if (project.advancePaymentReceivedDate && project.balancePaymentAmount === null && !project.balancePaymentReceivedDate) {
    const legal = await readCompanyLegal(tx);
    const price = projectPrice(project);
    const amount = scheduledPhaseAmount(price, "balance", legal?.advancePercent ?? 50);
    if ((toMinorUnits(amount) ?? 0) > 0) {
      await tx
        .update(projects)
        .set({
          balancePaymentAmount: amount,
          balancePaymentCurrency: price.currency,
          // With card payments on, the phase is ready to pay now (payment reminders count from it).
          ...(ctx.config.stripe && !project.balancePaymentLinkDate ? { balancePaymentLinkDate: now } : {}),
        })
        .where(eq(projects.id, project.id));
    }
  }
  await syncPhaseInvoices(tx, { projectId: project.id, now, email: ctx.email });
}

export async function listVersions(
  db: AppContext["db"],
  { projectId, paging }: { projectId: string; paging: { page: number; pageSize: number } },
): Promise<{ items: ProjectVersion[]; total: number; page: number; pageSize: number }> {
  const where = eq(projectVersions.projectId, projectId);
  const [rows, all] = await Promise.all([
    db
      .select({ version: projectVersions, publisher: users.name })
      .from(projectVersions)
      .leftJoin(users, eq(users.id, projectVersions.publishedBy))
      .where(where)
      .orderBy(desc(projectVersions.number))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db
      .select({ n: max(projectVersions.number) })
      .from(projectVersions)
      .where(where),
  ]);
  return {
    items: rows.map((r) => toVersionDto(r.version, r.version.publishedBy ? r.publisher : undefined)),
    // Numbers run 1..n without gaps (the project row is locked while one is added), so the highest is the count.
    total: all[0]?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
