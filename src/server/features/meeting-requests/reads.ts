// The meeting requests' cached reads (cache/define-read.ts).
import { MEETING_REQUESTS_PAGE_SIZE } from "../../../shared/schemas/meeting-requests";
import type { Paging } from "../../../shared/schemas/paging";
import { defineRead } from "../../cache/define-read";
import { listProjectMeetingRequests, meetingRequestStats } from "./list-meeting-requests";

/** A project's meeting requests, the same for all its viewers (charged to the first to read them): the first page is kept. */
export const meetingRequestsRead = defineRead({
  name: "meeting-requests",
  tables: ["meeting_requests", "users"],
  load: (db, { projectId, ...paging }: { projectId: string } & Paging) => listProjectMeetingRequests(db, { projectId, paging }),
  keep: ({ page, pageSize }) => page === 1 && pageSize === MEETING_REQUESTS_PAGE_SIZE,
  rows: ({ projectId }, _, row) => [row("meeting_requests", "project_id", projectId)],
});

/** Counts over a customer's projects (the ids come from their project list). */
export const meetingStatsRead = defineRead({
  name: "meeting-request-stats",
  tables: ["meeting_requests", "projects", "project_members"],
  load: (db, { projectIds }: { userId: string; email: string; projectIds: string[] }) => meetingRequestStats(db, projectIds),
  owner: ({ userId }) => userId,
  rows: ({ userId, email, projectIds }, _, row) => [
    row("projects", "user_id", userId),
    row("project_members", "email", email),
    ...projectIds.map((id) => row("meeting_requests", "project_id", id)),
  ],
});

/** One project's counts (the caller may see it: checked before), charged to the first to read them. */
export const projectMeetingStatsRead = defineRead({
  name: "project-meeting-request-stats",
  tables: ["meeting_requests"],
  load: (db, { projectId }: { projectId: string }) => meetingRequestStats(db, [projectId]),
  rows: ({ projectId }, _, row) => [row("meeting_requests", "project_id", projectId)],
});
