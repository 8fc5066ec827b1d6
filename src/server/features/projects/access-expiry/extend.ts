// POST /api/company/projects/{id}/access-expiry: the company extends the customer's access. The new date must lie in
// the future (400, nothing stored); the change is audited with the admin (project.access_extended), and the owner is
// told by email and in their activity. The reminders of the new date are sent afresh (reminders.ts keys them by date).
import { eq } from "drizzle-orm";
import { ACCESS_EXPIRY_MESSAGES } from "../../../../shared/domain/access-expiry";
import { isUuid } from "../../../../shared/domain/ids";
import type { AccessExtensionInput } from "../../../../shared/schemas/admin";
import { recordAudit } from "../../../audit/record-audit";
import type { SessionUser } from "../../../auth/sessions";
import type { AppContext } from "../../../context";
import { projects, users } from "../../../db/schema";
import { emailTime } from "../../../email/format-time";
import { badRequest, conflict, notFound } from "../../../errors";
import { recordActivity } from "../../activity";
import { PROJECT_NOT_FOUND } from "../access";

export async function extendAccess(
  ctx: Pick<AppContext, "db" | "email">,
  {
    admin,
    projectId,
    input,
    now = new Date(),
  }: { admin: Pick<SessionUser, "id" | "email">; projectId: string; input: AccessExtensionInput; now?: Date },
): Promise<{ customerAccessExpiryDate: string }> {
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const expiresAt = new Date(input.customerAccessExpiryDate);
  if (expiresAt.getTime() <= now.getTime()) {
    throw badRequest(ACCESS_EXPIRY_MESSAGES.extensionPast, { customerAccessExpiryDate: ACCESS_EXPIRY_MESSAGES.extensionPast });
  }
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        id: projects.id,
        userId: projects.userId,
        projectCode: projects.projectCode,
        projectName: projects.projectName,
        expiry: projects.customerAccessExpiryDate,
        ownerEmail: users.email,
        ownerZone: users.timeZone,
      })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .where(eq(projects.id, projectId))
      .for("update", { of: projects })
      .limit(1);
    if (!before) throw notFound(PROJECT_NOT_FOUND);
    if (!before.expiry) throw conflict(ACCESS_EXPIRY_MESSAGES.noDeployment);
    await tx.update(projects).set({ customerAccessExpiryDate: expiresAt, updatedAt: now }).where(eq(projects.id, projectId));
    await recordAudit(tx, {
      projectId,
      actor: { id: admin.id, email: admin.email },
      action: "project.access_extended",
      changes: [{ field: "customerAccessExpiryDate", before: before.expiry.toISOString(), after: expiresAt.toISOString() }],
    });
    const project = { projectCode: before.projectCode, projectName: before.projectName };
    const expires = emailTime(expiresAt, before.ownerZone);
    await recordActivity(tx, {
      userId: before.userId,
      projectId,
      actorId: admin.id,
      type: "project.access_extended",
      title: "Access extended",
      description: `${before.projectCode}: the Blueprint team extended your access until ${expires}.`,
      notify: true,
    });
    await ctx.email.enqueue({ kind: "access-extended", to: before.ownerEmail, projectId, data: { project, expires } }, tx);
    return { customerAccessExpiryDate: expiresAt.toISOString() };
  });
}
