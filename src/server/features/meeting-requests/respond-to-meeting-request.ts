// PATCH /api/company/meeting-requests/{id}: the admin's response (any status, in any order). A scheduled meeting emails the
// requester an invitation with a calendar file (METHOD:REQUEST, one UID per request, SEQUENCE raised on each change)
// and appears in the project's Scheduled Meetings; calling off a meeting that was sent emails METHOD:CANCEL.

import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  MEETING_DURATION_MINUTES,
  MEETING_REQUEST_STATUS_LABELS,
  MEETING_TIME_GRACE_MS,
} from "../../../shared/constants/meetings";
import { instantMarker } from "../../../shared/domain/dates";
import { isUuid, type MeetingRequestId } from "../../../shared/domain/ids";
import {
  MEETING_REQUEST_MESSAGES,
  type MeetingRequest,
  type meetingResponseSchema,
} from "../../../shared/schemas/meeting-requests";
import { oneLineExcerpt } from "../../../shared/text/safe-text";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { communications, meetingRequests, projects, users } from "../../db/schema";
import { emailTime } from "../../email/format-time";
import { APP_NAME } from "../../email/layout";
import type { IcalEvent } from "../../email/outbox";
import { meetingResponseHeading } from "../../email/templates/meeting-response";
import { badRequest, notFound } from "../../errors";
import { recordActivity } from "../activity";
import { displayName } from "../communications";
import { buildIcs } from "./ics";
import { toMeetingRequestDto } from "./meeting-request-dto";

type Input = z.output<typeof meetingResponseSchema>;

/** The address part of MAIL_FROM ("Blueprint <no-reply@x>" → no-reply@x). */
function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

export function meetingUid(requestId: string, appUrl: string): string {
  return `meeting-request-${requestId}@${new URL(appUrl).hostname}`;
}

/** The meeting's time for the email, in the requester's zone with its offset. */
function whenText(date: Date, timeZone: string | null): string {
  return `${emailTime(date, timeZone)} (${MEETING_DURATION_MINUTES} minutes)`;
}

/** Creates, updates or unschedules the meeting this request put in the project's Scheduled Meetings. */
async function syncScheduledMeeting(
  tx: Database,
  admin: SessionUser,
  request: typeof meetingRequests.$inferSelect,
): Promise<void> {
  const scheduled = request.status === "scheduled" || request.status === "completed";
  const values = {
    subject: request.subject,
    content: request.adminNotes ?? `Meeting scheduled for your request "${request.subject}".`,
    meetingUrl: request.meetingLink,
    scheduledFor: scheduled ? request.scheduledAt : null,
  };
  const [existing] = await tx
    .select({ id: communications.id })
    .from(communications)
    .where(eq(communications.meetingRequestId, request.id))
    .limit(1);
  if (existing) {
    await tx.update(communications).set(values).where(eq(communications.id, existing.id));
  } else if (request.status === "scheduled" && request.scheduledAt) {
    await tx.insert(communications).values({
      ...values,
      projectId: request.projectId,
      authorId: admin.id,
      fromCompany: true,
      type: "meeting",
      meetingRequestId: request.id,
      lastActivityAt: sql`now()`,
    });
  }
}

export async function respondToMeetingRequest(
  ctx: AppContext,
  { admin, requestId, input }: { admin: SessionUser; requestId: MeetingRequestId; input: Input },
): Promise<MeetingRequest> {
  if (!isUuid(requestId)) throw notFound(MEETING_REQUEST_MESSAGES.notFound);
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        request: meetingRequests,
        project: { id: projects.id, projectCode: projects.projectCode, userId: projects.userId },
      })
      .from(meetingRequests)
      .innerJoin(projects, eq(projects.id, meetingRequests.projectId))
      .where(eq(meetingRequests.id, requestId))
      .for("update", { of: meetingRequests })
      .limit(1);
    if (!found) throw notFound(MEETING_REQUEST_MESSAGES.notFound);
    const before = found.request;
    const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
    const timeChanged = (scheduledAt?.getTime() ?? null) !== (before.scheduledAt?.getTime() ?? null);
    if (
      input.status === "scheduled" &&
      scheduledAt &&
      timeChanged &&
      scheduledAt.getTime() < Date.now() - MEETING_TIME_GRACE_MS
    ) {
      throw badRequest(MEETING_REQUEST_MESSAGES.scheduledAtPast, { scheduledAt: MEETING_REQUEST_MESSAGES.scheduledAtPast });
    }

    const invitationChanged = timeChanged || input.meetingLink !== before.meetingLink || before.status !== "scheduled";
    let method: IcalEvent["method"] | null = null;
    let sequence = before.icsSequence;
    if (input.status === "scheduled" && (invitationChanged || !before.invitationSentAt)) {
      method = "REQUEST";
      if (before.invitationSentAt) sequence++;
    } else if (
      input.status !== "scheduled" &&
      input.status !== "completed" &&
      before.invitationSentAt &&
      before.status === "scheduled"
    ) {
      method = "CANCEL";
      sequence++;
    }

    const [after] = await tx
      .update(meetingRequests)
      .set({
        status: input.status,
        meetingLink: input.meetingLink,
        scheduledAt,
        adminNotes: input.adminNotes,
        icsSequence: sequence,
        ...(method === "REQUEST" ? { invitationSentAt: sql`now()` } : {}),
        // The first answer (leaving pending) is what the service level measures; later changes keep it.
        ...(input.status !== "pending" && !before.respondedAt ? { respondedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(meetingRequests.id, before.id))
      .returning();
    if (!after) throw new Error("meeting request update returned nothing");
    await syncScheduledMeeting(tx, admin, after);

    const [requester] = await tx
      .select({ id: users.id, email: users.email, name: users.name, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, after.requestedBy ?? found.project.userId))
      .limit(1);
    const statusLabel = MEETING_REQUEST_STATUS_LABELS[after.status];
    if (requester) {
      const scheduled = after.status === "scheduled";
      const email = {
        kind: "meeting-response",
        to: requester.email,
        data: {
          project: found.project,
          requestId: after.id,
          subject: after.subject,
          status: after.status,
          method,
          invitedBefore: Boolean(before.invitationSentAt),
          when: scheduled && after.scheduledAt ? whenText(after.scheduledAt, requester.timeZone) : null,
          meetingLink: scheduled && after.meetingLink ? oneLineExcerpt(after.meetingLink, 600) : null,
          adminNotes: after.adminNotes,
        },
      } as const;
      const heading = meetingResponseHeading(email.data);
      const icalEvent: IcalEvent | null =
        method && after.scheduledAt
          ? {
              method,
              filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
              content: buildIcs({
                method,
                uid: meetingUid(after.id, ctx.config.appUrl),
                sequence,
                start: after.scheduledAt,
                durationMinutes: MEETING_DURATION_MINUTES,
                summary: `${after.subject} (${found.project.projectCode})`,
                description: [after.description, after.adminNotes].filter(Boolean).join("\n\n") || `${APP_NAME} meeting`,
                url: after.meetingLink,
                organizer: { email: fromAddress(ctx.config.mailFrom), name: APP_NAME },
                attendee: { email: requester.email, name: requester.name },
              }),
            }
          : null;
      await ctx.email.enqueue({ ...email, projectId: found.project.id, icalEvent }, tx);
      await recordActivity(tx, {
        userId: requester.id,
        projectId: found.project.id,
        subjectId: after.id,
        actorId: admin.id,
        type: "meeting.responded",
        title: heading,
        // The time as a marker: each reader's screen words it in their own zone.
        description:
          after.status === "scheduled" && after.scheduledAt
            ? `${instantMarker(after.scheduledAt)} (${MEETING_DURATION_MINUTES} minutes)`
            : statusLabel,
        notify: true,
      });
    }
    if (requester?.id !== found.project.userId) {
      await recordActivity(tx, {
        userId: found.project.userId,
        projectId: found.project.id,
        subjectId: after.id,
        actorId: admin.id,
        type: "meeting.responded",
        title: `Meeting request ${statusLabel.toLowerCase()}: ${after.subject}`,
        description: null,
        notify: true,
      });
    }
    return toMeetingRequestDto(after, requester ? displayName({ ...requester, role: "customer" }) : null);
  });
}
