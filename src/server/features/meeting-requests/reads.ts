// The meeting requests' cached reads (cache/define-read.ts).
import { defineRead } from "../../cache/define-read";
import { listProjectMeetingRequests, meetingRequestStats } from "./list-meeting-requests";

/** A project's meeting requests, the same for all its viewers (charged to the first to read them). */
export const meetingRequestsRead = defineRead({
  name: "meeting-requests",
  tables: ["meeting_requests", "users"],
  load: (db, { projectId }: { projectId: string }) => listProjectMeetingRequests(db, projectId),
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
