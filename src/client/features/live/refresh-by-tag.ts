// The one map from a change tag (shared/change-notices.ts: what the database announces when rows change, passed on by
// GET /api/events) to the queries it makes stale; its keys are type-checked against that map. "<table>.<column>" entries take the row's value; a table's name
// alone is a change anywhere in it (what the console's lists over every project read). A tag with no entry refreshes
// nothing; a new query over a table adds its key here.
import type { QueryKey } from "@tanstack/react-query";
import type { TagKey } from "../../../shared/change-notices";
import { parseTag } from "../../../shared/live-tags";
import { GENERAL_THREADS } from "../../../shared/schemas/communications";
import { API } from "../../lib/api-paths";
import { currentUserQueryKey } from "../../lib/query-client";
import { adminStatsQueryKey } from "../admin/api/get-admin-stats";
import { chartDataQueryKey } from "../admin/api/get-chart-data";
import { serviceLevelsQueryKey } from "../admin/api/get-service-levels";
import { communicationsKey } from "../communications/api/get-communications";
import { COMPANY_COMMUNICATIONS_KEY } from "../communications/api/get-company-communications";
import { activityQueryKey } from "../dashboard/api/get-activity";
import { projectDocumentsQueryKey } from "../dashboard/api/get-project-documents";
import { projectInvoicesQueryKey } from "../dashboard/api/get-project-invoices";
import { companyFeedbackQueryKey } from "../feedback/api/get-company-feedback";
import { feedbackQueryKey } from "../feedback/api/get-feedback";
import { versionsQueryKey } from "../feedback/api/get-versions";
import { COMPANY_MEETING_REQUESTS_KEY } from "../meetings/api/get-company-meeting-requests";
import { meetingRequestsKey } from "../meetings/api/get-meeting-requests";
import { MEETING_STATS_KEY } from "../meetings/api/get-meeting-stats";
import { notificationsQueryKey } from "../notifications/api/get-notifications";
import { profileQueryKey } from "../onboarding/api/get-profile";
import { projectsQueryKey } from "../projects/api/get-projects";
import { requirementsQueryKey } from "../projects/api/get-requirements";
import { projectUsersQueryKey } from "../team/api/get-project-users";
import { updatesBaseKey } from "../updates/api/get-updates";

type Refresh = (value: string) => QueryKey[];

const ADMIN_PROJECTS: QueryKey = API.companyProjects.key();
const ADMIN_USER_ACTIVITY: QueryKey = API.userActivity.key();
/** A project's threads; a row with no project ("null") or the general scope refreshes the general support threads. */
const thread = (projectId: string) => [
  communicationsKey(projectId === "null" ? GENERAL_THREADS : projectId),
  COMPANY_COMMUNICATIONS_KEY,
  serviceLevelsQueryKey,
];

export const REFRESH_BY_TAG: Partial<Record<TagKey, Refresh>> = {
  // The user's own row: the profile, and the current user (its time zone, changed in another tab).
  "users.id": () => [profileQueryKey, currentUserQueryKey],
  users: () => [ADMIN_USER_ACTIVITY, ADMIN_PROJECTS],
  "profiles.user_id": () => [profileQueryKey, projectsQueryKey],
  profiles: () => [ADMIN_USER_ACTIVITY, ADMIN_PROJECTS, adminStatsQueryKey],
  // A published version or a posted progress update changes its project's row (URL, rounds, clock, last update): the
  // version history and the updates are read again with it. So do its invoices: an accepted proposal, a payment, a
  // delivery that requests the balance issue or settle them in the transaction that changes the row.
  "projects.id": (id) => [
    projectsQueryKey,
    projectDocumentsQueryKey(id),
    projectInvoicesQueryKey(id),
    versionsQueryKey(id),
    updatesBaseKey(id),
  ],
  "projects.user_id": () => [projectsQueryKey, MEETING_STATS_KEY],
  projects: () => [ADMIN_PROJECTS, adminStatsQueryKey, chartDataQueryKey, ADMIN_USER_ACTIVITY],
  "project_members.project_id": (id) => [projectUsersQueryKey(id), projectsQueryKey],
  "requirements.project_id": (id) => [requirementsQueryKey(id), projectsQueryKey],
  requirements: () => [ADMIN_PROJECTS, adminStatsQueryKey],
  "feedback.project_id": (id) => [feedbackQueryKey(id), companyFeedbackQueryKey],
  "communications.project_id": thread,
  "communication_replies.project_id": thread,
  "communication_reads.project_id": thread,
  "meeting_requests.project_id": (id) => [
    meetingRequestsKey(id),
    MEETING_STATS_KEY,
    COMPANY_MEETING_REQUESTS_KEY,
    serviceLevelsQueryKey,
    projectsQueryKey,
  ],
  // An event for the user: their bell and timeline; and their General support threads, which no row tag names (the
  // company's answer there always notifies the customer, so it arrives live this way).
  "activity_events.user_id": () => [notificationsQueryKey, activityQueryKey, communicationsKey(GENERAL_THREADS)],
};

/** The queries `tags` make stale, each once. */
export function queriesToRefresh(tags: readonly string[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const tag of tags) {
    const { table, column, value } = parseTag(tag);
    const refresh = REFRESH_BY_TAG[(column === null ? table : `${table}.${column}`) as TagKey];
    for (const key of refresh?.(value ?? "") ?? []) keys.set(JSON.stringify(key), key);
  }
  return [...keys.values()];
}
