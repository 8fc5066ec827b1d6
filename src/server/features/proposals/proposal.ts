// GET /api/projects/{id}/proposal and POST …/proposal/accept: once the brief is confirmed, the project's proposal
// (proposal-content.ts) for the owner, admin-level members and the company to read; the owner or an admin-level
// member accepts it by typing their name. The acceptance keeps who (user, typed name, email), when, from where (IP,
// browser), the proposal as accepted and its SHA-256, and in the same transaction requests the advance: its amount
// from the schedule (when none is set yet), its invoice (syncPhaseInvoices), the customer's feed and the company's
// bell and email. A price change makes a new version (admin/update-project.ts), which is accepted again.
import { and, desc, eq, lt } from "drizzle-orm";
import { scheduledPhaseAmount } from "../../../shared/domain/pricing";
import {
  PROPOSAL_MESSAGES,
  type Proposal,
  type ProposalAcceptInput,
  type ProposalContent,
} from "../../../shared/schemas/proposal";
import { recordAudit } from "../../audit/record-audit";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { projects, proposalAcceptances, requirements } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../errors";
import { recordActivity } from "../activity";
import { syncPhaseInvoices } from "../invoices";
import { requireCompanyLegal } from "../legal";
import { PROJECT_NOT_FOUND, type ProjectAccess } from "../projects";
import { proposalContent, proposalPriceText, proposalSha256 } from "./proposal-content";

type ProjectRow = typeof projects.$inferSelect;
export type AcceptanceRow = typeof proposalAcceptances.$inferSelect;
export type ClientInfo = { ip: string; userAgent: string | null };

/** The owner, an admin-level member and the company read the proposal; other members do not (it is the payments). */
export function assertMaySee(access: ProjectAccess): void {
  if (!["owner", "admin", "company"].includes(access.accessLevel)) throw forbidden(PROPOSAL_MESSAGES.forbidden);
}

/** Only the owner and admin-level members accept; the company does not accept its own proposal. */
function assertMayAccept(access: ProjectAccess): void {
  if (access.accessLevel !== "owner" && access.accessLevel !== "admin") throw forbidden(PROPOSAL_MESSAGES.mayNotAccept);
}

async function assertBriefConfirmed(db: Database, projectId: string): Promise<void> {
  const [brief] = await db
    .select({ confirmed: requirements.briefConfirmed })
    .from(requirements)
    .where(eq(requirements.projectId, projectId))
    .limit(1);
  if (!brief?.confirmed) throw conflict(PROPOSAL_MESSAGES.notReady, "PROPOSAL_NOT_READY");
}

/** The project's acceptances, newest version first. */
function acceptancesOf(db: Database, projectId: string) {
  return db
    .select()
    .from(proposalAcceptances)
    .where(eq(proposalAcceptances.projectId, projectId))
    .orderBy(desc(proposalAcceptances.version));
}

/** The acceptance of the project's current version, or null. */
export async function currentAcceptance(db: Database, project: Pick<ProjectRow, "id" | "proposalVersion">) {
  const [row] = await db
    .select()
    .from(proposalAcceptances)
    .where(and(eq(proposalAcceptances.projectId, project.id), eq(proposalAcceptances.version, project.proposalVersion)))
    .limit(1);
  return row ?? null;
}

/** Whether the project's current proposal version is accepted (the advance's checkout asks it). */
export async function proposalAccepted(db: Database, project: Pick<ProjectRow, "id" | "proposalVersion">): Promise<boolean> {
  return (await currentAcceptance(db, project)) !== null;
}

const acceptanceDto = (row: AcceptanceRow) => ({
  name: row.acceptedName,
  email: row.userEmail,
  at: row.acceptedAt.toISOString(),
  version: row.version,
  sha256: row.proposalSha256,
});

function toProposal(
  project: ProjectRow,
  content: ProposalContent,
  { accepted, previous }: { accepted: AcceptanceRow | null; previous: AcceptanceRow | null },
): Proposal {
  return {
    ...content,
    projectId: project.id,
    state: accepted ? "accepted" : "open",
    acceptance: accepted ? acceptanceDto(accepted) : null,
    previousAcceptance: previous ? acceptanceDto(previous) : null,
    pdfUrl: accepted ? `/api/projects/${project.id}/proposal/pdf` : null,
  };
}

/**
 * The proposal as it stands: an accepted version is answered as it was accepted (its stored copy, so a later change
 * to the company's details or the buyer's billing entity does not rewrite what was agreed); an open one as it is now.
 */
export async function readProposal(ctx: Pick<AppContext, "db">, access: ProjectAccess): Promise<Proposal> {
  assertMaySee(access);
  const { db } = ctx;
  const [project] = await db.select().from(projects).where(eq(projects.id, access.project.id)).limit(1);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  await assertBriefConfirmed(db, project.id);
  const rows = await acceptancesOf(db, project.id);
  const accepted = rows.find((row) => row.version === project.proposalVersion) ?? null;
  const previous = rows.find((row) => row.version < project.proposalVersion) ?? null;
  if (accepted) return toProposal(project, accepted.proposal as ProposalContent, { accepted, previous });
  const legal = await requireCompanyLegal(db);
  return toProposal(project, await proposalContent(db, { project, legal }), { accepted: null, previous });
}

export async function acceptProposal(
  ctx: Pick<AppContext, "db" | "config" | "email">,
  { access, input, client }: { access: ProjectAccess; input: ProposalAcceptInput; client: ClientInfo },
): Promise<Proposal> {
  assertMayAccept(access);
  const { user } = access;
  return ctx.db.transaction(async (tx) => {
    // Locked: two acceptances at once, or an acceptance while the company changes the price, go one after the other.
    const [project] = await tx.select().from(projects).where(eq(projects.id, access.project.id)).for("update").limit(1);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    await assertBriefConfirmed(tx, project.id);
    const legal = await requireCompanyLegal(tx);
    const content = await proposalContent(tx, { project, legal });
    if (input.version !== project.proposalVersion) {
      throw conflict(
        PROPOSAL_MESSAGES.changed({ version: project.proposalVersion, price: proposalPriceText(content) }),
        "PROPOSAL_CHANGED",
      );
    }
    if (await currentAcceptance(tx, project)) throw conflict(PROPOSAL_MESSAGES.alreadyAccepted, "PROPOSAL_ALREADY_ACCEPTED");
    const [previous] = await tx
      .select()
      .from(proposalAcceptances)
      .where(and(eq(proposalAcceptances.projectId, project.id), lt(proposalAcceptances.version, project.proposalVersion)))
      .orderBy(desc(proposalAcceptances.version))
      .limit(1);
    const now = new Date();
    const [row] = await tx
      .insert(proposalAcceptances)
      .values({
        projectId: project.id,
        version: project.proposalVersion,
        userId: user.id,
        acceptedName: input.name,
        userEmail: user.email,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        proposal: content as unknown as Record<string, unknown>,
        proposalSha256: proposalSha256(content),
        acceptedAt: now,
      })
      .returning();
    if (!row) throw new Error("proposal acceptance insert returned nothing");

    await tx
      .update(projects)
      .set(advanceRequest(project, { content, previous, legal, stripeOn: ctx.config.stripe !== null, now }))
      .where(eq(projects.id, project.id));
    await syncPhaseInvoices(tx, { projectId: project.id, now, email: ctx.email });

    const price = proposalPriceText(content);
    await recordAudit(tx, {
      projectId: project.id,
      actor: { id: user.id, email: user.email },
      action: "proposal.accepted",
      changes: [
        { field: "proposal", before: null, after: `version ${row.version} accepted by ${row.acceptedName} (${price})` },
        { field: "proposalSha256", before: null, after: row.proposalSha256 },
        { field: "acceptedFromIp", before: null, after: row.ip },
        { field: "acceptedWithBrowser", before: null, after: row.userAgent },
      ],
    });
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: user.id,
      type: "proposal.accepted",
      title: "Proposal accepted",
      description: `${row.acceptedName} accepted the proposal for ${project.projectCode} (${price}). The advance payment is now due.`,
      // The owner hears of an admin member's acceptance; their own needs no bell.
      notify: user.id !== project.userId,
    });
    // Company-wide: the admins' bell shows it.
    await recordActivity(tx, {
      userId: null,
      projectId: project.id,
      actorId: user.id,
      type: "proposal.accepted",
      title: "Proposal accepted",
      description: `${row.acceptedName} accepted version ${row.version} of the proposal for ${project.projectCode} (${price}).`,
      notify: true,
    });
    for (const admin of ctx.config.adminEmails) {
      await ctx.email.enqueue(
        {
          kind: "proposal-accepted",
          to: admin,
          data: {
            project: { projectCode: project.projectCode, projectName: project.projectName },
            acceptedBy: row.acceptedName,
            version: row.version,
            price,
          },
        },
        tx,
      );
    }
    return toProposal(project, content, { accepted: row, previous: previous ?? null });
  });
}

/**
 * The advance is requested by the acceptance: an unpaid advance without an amount gets the schedule's share of the
 * price (so does one still at the share an earlier accepted version set: the price changed since), in the price's
 * currency, and the balance takes the same currency while it has no amount. With card payments on, the amount is a
 * checkout ready to pay from now. An amount the company typed itself stands; a paid advance is never touched.
 */
function advanceRequest(
  project: ProjectRow,
  {
    content,
    previous,
    legal,
    stripeOn,
    now,
  }: {
    content: ProposalContent;
    previous: AcceptanceRow | undefined;
    legal: { advancePercent: number };
    stripeOn: boolean;
    now: Date;
  },
): Partial<typeof projects.$inferInsert> {
  const update: Partial<typeof projects.$inferInsert> = { updatedAt: now };
  if (project.advancePaymentReceivedDate) return update;
  const earlier = (previous?.proposal as ProposalContent | undefined)?.schedule.find((phase) => phase.phase === "advance");
  const setByEarlier =
    earlier !== undefined &&
    project.advancePaymentAmount !== null &&
    Number(project.advancePaymentAmount) === Number(earlier.amount);
  if (project.advancePaymentAmount === null || setByEarlier) {
    update.advancePaymentAmount = scheduledPhaseAmount(content.price, "advance", legal.advancePercent);
    update.advancePaymentCurrency = content.price.currency;
    update.advancePaymentAmountUnparsed = null;
    if (stripeOn && !project.advancePaymentLinkDate) update.advancePaymentLinkDate = now;
  }
  if (project.balancePaymentAmount === null && !project.balancePaymentReceivedDate) {
    update.balancePaymentCurrency = content.price.currency;
  }
  return update;
}
