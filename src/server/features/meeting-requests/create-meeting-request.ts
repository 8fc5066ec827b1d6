// POST /api/projects/{id}/meeting-requests: saved as pending, the company inbox emailed, the admins' bells and the
// project's open tabs told.

import type { z } from "zod";
import { URGENCY_LABELS } from "../../../shared/constants/meetings";
import type { MeetingRequest, newMeetingRequestSchema } from "../../../shared/schemas/meeting-requests";
import type { AppContext } from "../../context";
import { meetingRequests } from "../../db/schema";
import { recordActivity } from "../activity";
import { companySide, displayName } from "../communications";
import type { ProjectAccess } from "../projects";
import { toMeetingRequestDto } from "./meeting-request-dto";

type Input = z.output<typeof newMeetingRequestSchema>;

export async function createMeetingRequest(
  ctx: AppContext,
  { access, input }: { access: ProjectAccess; input: Input },
): Promise<MeetingRequest> {
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
    for (const person of companySide(ctx.config)) {
      if (person.email === user.email.toLowerCase()) continue;
      await ctx.email.enqueue(
        {
          kind: "meeting-request",
          to: person.email,
          projectId: project.id,
          data: {
            requestId: row.id,
            projectCode: project.projectCode,
            requesterName: name,
            subject: row.subject,
            urgency: row.urgency,
            preferredDates: row.preferredDates,
            description: row.description,
          },
        },
        tx,
      );
    }
    const title = `Meeting requested: ${row.subject}`;
    const description = `${name} · ${project.projectCode} · ${URGENCY_LABELS[row.urgency]} urgency`;
    await recordActivity(tx, {
      userId: null,
      projectId: project.id,
      subjectId: row.id,
      actorId: user.id,
      type: "meeting.requested",
      title,
      description,
      notify: true,
    });
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      subjectId: row.id,
      actorId: user.id,
      type: "meeting.requested",
      title,
      description,
      notify: user.id !== project.userId,
    });
    return toMeetingRequestDto(row, name);
  });
}
