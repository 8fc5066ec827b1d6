// The NDA's audit trail: every step with its time, email, IP address and browser (printed on the signed PDF).
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { ndaAuditEvents } from "../../db/schema";

const NDA_STEPS = {
  code_sent: "Signing code sent",
  code_verified: "Signing code verified",
  signed: "Agreement signed",
  company_code_sent: "Approval code sent to the company",
  company_approved: "Company approved",
} as const;
type NdaStep = keyof typeof NDA_STEPS;

const STEP_ORDER = Object.keys(NDA_STEPS);

/** Who did a step: the request's address and browser. */
export type ClientInfo = { ip: string; userAgent: string | null };

export async function recordNdaStep(
  db: Database,
  event: { profileId: string; step: NdaStep; email: string; client: ClientInfo; at?: Date },
): Promise<void> {
  await db.insert(ndaAuditEvents).values({
    profileId: event.profileId,
    step: event.step,
    email: event.email.toLowerCase(),
    ip: event.client.ip,
    userAgent: event.client.userAgent?.slice(0, 512) ?? null,
    createdAt: event.at ?? new Date(),
  });
}

export type NdaAuditEntry = { step: string; label: string; at: Date; email: string; ip: string | null; userAgent: string | null };

/** The trail in time order (steps of the same instant in their natural order). */
export async function loadNdaTrail(db: Database, profileId: string): Promise<NdaAuditEntry[]> {
  const rows = await db
    .select()
    .from(ndaAuditEvents)
    .where(eq(ndaAuditEvents.profileId, profileId))
    .orderBy(asc(ndaAuditEvents.createdAt));
  return rows
    .map((row) => ({
      step: row.step,
      label: NDA_STEPS[row.step as NdaStep] ?? row.step,
      at: row.createdAt,
      email: row.email,
      ip: row.ip,
      userAgent: row.userAgent,
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || STEP_ORDER.indexOf(a.step) - STEP_ORDER.indexOf(b.step));
}
