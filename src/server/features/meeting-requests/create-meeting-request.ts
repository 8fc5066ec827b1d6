// POST /api/projects/{id}/meeting-requests: saved as pending, the company inbox emailed, the admins' bells and the
// project's open tabs told.

import type { z } from "zod";
import { URGENCY_LABELS, URGENCY_MEANINGS } from "../../../shared/constants/meetings";
import type { MeetingRequest, newMeetingRequestSchema } from "../../../shared/schemas/meeting-requests";
import type { AppContext } from "../../context";
import { meetingRequests } from "../../db/schema";
import { renderEmail } from "../../email/layout";
import { companyLinks } from "../../email/links";
import { recordActivity } from "../activity/record-activity";
import { displayName } from "../communications/post-communication";
import { companySide } from "../communications/thread-people";
import type { ProjectAccess } from "../projects/access";
import { toMeetingRequestDto } from "./meeting-request-dto";

type Input = z.output<typeof newMeetingRequestSchema>;

export async function createMeetingRequest(ctx: AppContext, access: ProjectAccess, input: Input): Promise<MeetingRequest> {
  const { user, project } = access;
  const name = displayName(user);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meetingRequests)
      .values({
        projectId: project.id,
        requestedBy: user.id,
        requestedByRole: user.role,
        subject: input.subject,
        description: input.description,
        preferredDates: input.preferredDates,
        urgency: input.urgency,
      })
      .returning();
    if (!row) throw new Error("meeting request insert returned nothing");
    const urgency = `${URGENCY_LABELS[row.urgency]} (${URGENCY_MEANINGS[row.urgency].toLowerCase()})`;
    const content = renderEmail({
      heading: `Meeting requested: ${row.subject}`,
      paragraphs: [
        `${name} requested a meeting on ${project.projectCode}.`,
        `Urgency: ${urgency}`,
        ...(row.preferredDates ? [`Preferred times: ${row.preferredDates}`] : []),
        ...(row.description ? [row.description] : []),
      ],
      action: {
        label: "Respond in the admin console",
        url: companyLinks.meetingRequest(ctx.config.appUrl, row.id),
      },
      footnote: "Meeting requests are confirmed within 24 hours.",
    });
    for (const person of companySide(ctx.config)) {
      if (person.email === user.email.toLowerCase()) continue;
      await ctx.email.enqueue(
        {
          kind: "meeting-request",
          to: person.email,
          projectId: project.id,
          subject: `[${project.projectCode}] Meeting requested: ${row.subject}`,
          ...content,
        },
        tx,
      );
    }
    const title = `Meeting requested: ${row.subject}`;
    const description = `${name} · ${project.projectCode} · ${URGENCY_LABELS[row.urgency]} urgency`;
    await recordActivity(tx, {
      userId: null,
      projectId: project.id,
      actorId: user.id,
      type: "meeting.requested",
      title,
      description,
      notify: true,
    });
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: user.id,
      type: "meeting.requested",
      title,
      description,
      notify: user.id !== project.userId,
    });
    return toMeetingRequestDto(row, name);
  });
}
