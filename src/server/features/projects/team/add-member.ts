// POST /api/projects/{id}/users: adds a team member while a seat is free (the project row is locked, so two
// additions cannot take the last seat twice) and emails them an invitation to sign in.
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { ACCESS_LEVEL_LABELS } from "../../../../shared/domain/project-access";
import { STAFF_MESSAGES } from "../../../../shared/schemas/staff";
import { type AddProjectUserInput, TEAM_MESSAGES } from "../../../../shared/schemas/team";
import { consumeRateLimits } from "../../../auth/rate-limit";
import { isConfiguredOwner } from "../../../auth/roles";
import type { AppContext } from "../../../context";
import { projectMembers, projects, users } from "../../../db/schema";
import { inviterName } from "../../../email/templates/project-invitation";
import { conflict, notFound } from "../../../errors";
import { recordActivity } from "../../activity";
import { PROJECT_NOT_FOUND, type ProjectAccess } from "../access";
import { toProjectUserDto } from "./member-dto";

/**
 * Every addition emails an invitation, so additions are counted like sends: add, remove, add... cannot turn a project
 * into a mail relay. Per person per project, per project, per person invited over all projects, and, because a
 * customer can open new projects, per inviting user and per owner over all their projects; each per day.
 */
const DAY = 24 * 60 * 60;
export const INVITATION_LIMITS = {
  perProjectRecipient: { max: 3, windowSeconds: DAY },
  perProject: { max: 20, windowSeconds: DAY },
  perRecipient: { max: 10, windowSeconds: DAY },
  perInviter: { max: 30, windowSeconds: DAY },
  perOwner: { max: 30, windowSeconds: DAY },
} as const;
export const INVITATION_LIMIT_MESSAGES = {
  project: "Too many invitations from this project today. Please try again tomorrow.",
  user: `You have sent ${INVITATION_LIMITS.perInviter.max} invitations in the last 24 hours, the most allowed. Please try again tomorrow.`,
} as const;
/** A project name is the customer's free text: the invitation quotes at most this much of it. */

export async function addMember(ctx: AppContext, { access, input }: { access: ProjectAccess; input: AddProjectUserInput }) {
  const { project, user } = access;
  const email = input.email.trim().toLowerCase();

  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(projects).where(eq(projects.id, project.id)).for("update").limit(1);
    if (!locked) throw notFound(PROJECT_NOT_FOUND);
    const [owner] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, locked.userId))
      .limit(1);
    if (owner && owner.email.toLowerCase() === email) throw conflict(TEAM_MESSAGES.isOwner, "IS_OWNER");
    // A staff address never becomes a customer's (issue 44 §1): the ADMIN_EMAILS owners and everyone invited.
    const [staff] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), isNotNull(users.staffRole)))
      .limit(1);
    if (staff || isConfiguredOwner(ctx.config, email)) throw conflict(STAFF_MESSAGES.staffAddress, "STAFF_ADDRESS");
    const [existing] = await tx
      .select({ id: projectMembers.id })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.email, email)))
      .limit(1);
    if (existing) throw conflict(TEAM_MESSAGES.alreadyMember, "ALREADY_MEMBER");
    const [seats] = await tx.select({ used: count() }).from(projectMembers).where(eq(projectMembers.projectId, project.id));
    if ((seats?.used ?? 0) >= locked.userLimit) throw conflict(TEAM_MESSAGES.noSlots, "NO_SLOTS");
    // Counted in this transaction: an addition that fails later (or is refused by the next limit) uses up nothing.
    await consumeRateLimits(
      tx,
      [
        { bucket: "invite-inviter-day", key: user.id, ...INVITATION_LIMITS.perInviter },
        { bucket: "invite-owner-day", key: locked.userId, ...INVITATION_LIMITS.perOwner },
      ],
      INVITATION_LIMIT_MESSAGES.user,
    );
    await consumeRateLimits(
      tx,
      [
        { bucket: "invite-project-recipient-day", key: `${project.id}|${email}`, ...INVITATION_LIMITS.perProjectRecipient },
        { bucket: "invite-project-day", key: project.id, ...INVITATION_LIMITS.perProject },
        { bucket: "invite-recipient-day", key: email, ...INVITATION_LIMITS.perRecipient },
      ],
      INVITATION_LIMIT_MESSAGES.project,
    );

    const [member] = await tx
      .insert(projectMembers)
      .values({ projectId: project.id, email, accessLevel: input.accessLevel, addedBy: user.id })
      .returning();
    if (!member) throw new Error("member insert returned nothing");

    const inviter = inviterName(user);
    await ctx.email.enqueue(
      {
        kind: "project-invitation",
        to: email,
        projectId: project.id,
        data: { inviter, project: locked, email, accessLevel: input.accessLevel },
      },
      tx,
    );

    await recordActivity(tx, {
      userId: locked.userId,
      projectId: project.id,
      actorId: user.id,
      type: "member.added",
      title: "Team member added",
      description: `${email} was added to ${locked.projectCode} as ${ACCESS_LEVEL_LABELS[input.accessLevel]}.`,
    });
    const [invitee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (invitee) {
      await recordActivity(tx, {
        userId: invitee.id,
        projectId: project.id,
        actorId: user.id,
        type: "member.invited",
        title: `You were added to ${locked.projectCode}`,
        description: `${inviter} gave you ${ACCESS_LEVEL_LABELS[input.accessLevel]} access.`,
        notify: true,
      });
    }
    return toProjectUserDto(member);
  });
}
