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
import { enqueueWebhookEvent } from "../webhooks";
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
    // One event for the company's feed and the owner's timeline (a bell for the owner when someone else asked).
    const event = {
      projectId: project.id,
      subjectId: row.id,
      actorId: user.id,
      type: "meeting.requested",
      title: `Meeting requested: ${row.subject}`,
      description: `${name} · ${project.projectCode} · ${URGENCY_LABELS[row.urgency]} urgency`,
    } as const;
    await recordActivity(tx, { ...event, userId: null, notify: true });
    await recordActivity(tx, { ...event, userId: project.userId, notify: user.id !== project.userId });
    await enqueueWebhookEvent(tx, {
      type: "meeting.requested",
      data: { projectId: project.id, meetingRequestId: row.id, urgency: row.urgency },
      console: { tab: "meetings", params: { request: row.id } },
    });
    return toMeetingRequestDto(row, name);
  });
}
