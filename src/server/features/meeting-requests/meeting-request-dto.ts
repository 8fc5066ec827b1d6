// Meeting request rows in the API shape (dates as ISO strings).
import type { MeetingRequest } from "../../../shared/schemas/meeting-requests";
import type { meetingRequests } from "../../db/schema";

export type MeetingRequestRow = typeof meetingRequests.$inferSelect;

export function toMeetingRequestDto(row: MeetingRequestRow, requestedByName: string | null): MeetingRequest {
  return {
    id: row.id,
    projectId: row.projectId,
    subject: row.subject,
    description: row.description,
    preferredDates: row.preferredDates,
    urgency: row.urgency,
    status: row.status,
    requestedByRole: row.requestedByRole,
    requestedByName,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    meetingLink: row.meetingLink,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
