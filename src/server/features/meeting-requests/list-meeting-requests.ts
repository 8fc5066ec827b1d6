// Reading meeting requests: a project's list, the stats over the caller's projects, the company's filtered pages.
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { MEETING_URGENCIES } from "../../../shared/constants/meetings";
import { isUuid } from "../../../shared/domain/ids";
import { meetingRequestOverdueCutoff } from "../../../shared/domain/service-levels";
import type {
  CompanyMeetingRequestPage,
  CompanyMeetingRequestsQuery,
  MeetingRequest,
  MeetingRequestStats,
} from "../../../shared/schemas/meeting-requests";
import type { Page, Paging } from "../../../shared/schemas/paging";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { meetingRequests, profiles, projects, users } from "../../db/schema";
import { toMeetingRequestDto } from "./meeting-request-dto";

const requesterName = sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`;

/** GET /api/projects/{id}/meeting-requests: one page of a project's requests, newest first. */
export async function listProjectMeetingRequests(
  db: Database,
  { projectId, paging }: { projectId: string; paging: Paging },
): Promise<Page<MeetingRequest>> {
  const where = eq(meetingRequests.projectId, projectId);
  const [rows, [counted]] = await Promise.all([
    onePage(
      db
        .select({ request: meetingRequests, requestedByName: requesterName })
        .from(meetingRequests)
        .leftJoin(users, eq(users.id, meetingRequests.requestedBy))
        .where(where)
        .orderBy(desc(meetingRequests.createdAt), desc(meetingRequests.id))
        .$dynamic(),
      paging,
    ),
    db.select({ total: count() }).from(meetingRequests).where(where),
  ]);
  return pageReply(
    rows.map((row) => toMeetingRequestDto(row.request, row.requestedByName)),
    counted?.total ?? 0,
    paging,
  );
}

/** GET /api/meeting-requests/stats: over the projects the caller can see (company admins: "all" of them). */
export async function meetingRequestStats(db: Database, projectIds: string[] | "all"): Promise<MeetingRequestStats> {
  const scope = projectIds === "all" ? undefined : inArray(meetingRequests.projectId, projectIds);
  const [row] = await db
    .select({
      totalRequests: count(),
      scheduledRequests: sql<number>`count(*) filter (where ${meetingRequests.status} = 'scheduled')::int`,
      pendingRequests: sql<number>`count(*) filter (where ${meetingRequests.status} = 'pending')::int`,
      completedRequests: sql<number>`count(*) filter (where ${meetingRequests.status} = 'completed')::int`,
    })
    .from(meetingRequests)
    .where(scope);
  return {
    totalRequests: row?.totalRequests ?? 0,
    scheduledRequests: row?.scheduledRequests ?? 0,
    pendingRequests: row?.pendingRequests ?? 0,
    completedRequests: row?.completedRequests ?? 0,
  };
}

/** Pending past its urgency's window (shared/domain/service-levels.ts), as a condition on the row. */
function overdueCondition(now: Date): SQL {
  const byUrgency = MEETING_URGENCIES.map(
    (urgency) =>
      sql`(${meetingRequests.urgency} = ${urgency} and ${meetingRequests.createdAt} < ${meetingRequestOverdueCutoff(urgency, now).toISOString()}::timestamptz)`,
  );
  return sql`(${meetingRequests.status} = 'pending' and (${sql.join(byUrgency, sql` or `)}))`;
}

/** How many meeting requests are overdue now (the console header's count). */
export async function countOverdueMeetingRequests(db: Database, now = new Date()): Promise<number> {
  const [row] = await db.select({ total: count() }).from(meetingRequests).where(overdueCondition(now));
  return row?.total ?? 0;
}

/** GET /api/company/meeting-requests: newest first, filtered by status and urgency on the server, paged. */
export async function listCompanyMeetingRequests(
  db: Database,
  {
    query,
    now = new Date(),
  }: {
    query: Paging &
      Required<Pick<CompanyMeetingRequestsQuery, "status" | "urgency">> &
      Pick<CompanyMeetingRequestsQuery, "projectId" | "due">;
    now?: Date;
  },
): Promise<CompanyMeetingRequestPage> {
  if (query.projectId !== undefined && !isUuid(query.projectId)) return pageReply([], 0, query);
  const conditions: SQL[] = [];
  if (query.status !== "all") conditions.push(eq(meetingRequests.status, query.status));
  if (query.urgency !== "all") conditions.push(eq(meetingRequests.urgency, query.urgency));
  if (query.projectId) conditions.push(eq(meetingRequests.projectId, query.projectId));
  if (query.due === "overdue") conditions.push(overdueCondition(now));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    onePage(
      db
        .select({
          request: meetingRequests,
          requestedByName: requesterName,
          requesterEmail: users.email,
          project: { id: projects.id, projectCode: projects.projectCode, projectName: projects.projectName },
          customerName: profiles.fullName,
          overdue: sql<boolean>`${overdueCondition(now)}`,
        })
        .from(meetingRequests)
        .innerJoin(projects, eq(projects.id, meetingRequests.projectId))
        .leftJoin(profiles, eq(profiles.userId, projects.userId))
        .leftJoin(users, eq(users.id, meetingRequests.requestedBy))
        .where(where)
        .orderBy(desc(meetingRequests.createdAt), desc(meetingRequests.id))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(meetingRequests).where(where),
  ]);
  return pageReply(
    rows.map((row) => ({
      ...toMeetingRequestDto(row.request, row.requestedByName),
      requesterEmail: row.requesterEmail,
      overdue: Boolean(row.overdue),
      project: { ...row.project, customerName: row.customerName },
    })),
    totals?.total ?? 0,
    query,
  );
}
