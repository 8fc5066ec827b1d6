// Threads as the API answers them: each communication with its newest replies (at most THREAD_REPLY_PREVIEW, oldest
// first; replyCount says how many in all, the older ones are paged by listThreadReplies), newest activity first, and
// per-viewer unread counts. Four queries for a whole page (threads, their replies, read markers, unread counts).
import { and, asc, count, desc, eq, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { type CommunicationId, isUuid } from "../../../shared/domain/ids";
import { messageOverdueCutoff } from "../../../shared/domain/service-levels";
import {
  type Communication,
  type CommunicationReply,
  type CompanyCommunication,
  type CompanyCommunicationPage,
  type CompanyCommunicationsQuery,
  type InboxView,
  isGeneralScope,
  THREAD_REPLY_PREVIEW,
  type ThreadView,
} from "../../../shared/schemas/communications";
import type { Page, Paging } from "../../../shared/schemas/paging";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { communicationReads, communicationReplies, communications, profiles, projects, users } from "../../db/schema";
import { placeCondition, type ThreadPlace } from "./thread-scope";

export const COMPANY_AUTHOR_FALLBACK = "Blueprint team";

type Viewer = Pick<SessionUser, "id" | "email" | "role">;
type ThreadRow = typeof communications.$inferSelect & { authorName: string | null; authorEmail: string | null };

function authorLabel(fromCompany: boolean, name: string | null, email: string | null): string {
  if (fromCompany) return name?.trim() || COMPANY_AUTHOR_FALLBACK;
  return name?.trim() || email || "Customer";
}

type ReplyRow = { reply: typeof communicationReplies.$inferSelect; authorName: string | null };

/** Whether a reply is the viewer's own, as SQL over `communication_replies` (the same rule as isMine below). */
function replyIsMine(viewer: Viewer): SQL {
  return sql`(coalesce(${communicationReplies.authorId} = ${viewer.id}, false)
    or ${viewer.role === "company" ? sql`${communicationReplies.fromCompany}` : sql`false`}
    or lower(${communicationReplies.authorEmail}) = ${viewer.email.toLowerCase()})`;
}

function replyDto(viewer: Viewer, { reply, authorName }: ReplyRow): CommunicationReply {
  const email = viewer.email.toLowerCase();
  return {
    id: reply.id,
    content: reply.content,
    fromCompany: reply.fromCompany,
    authorName: authorLabel(reply.fromCompany, authorName, reply.authorEmail),
    source: reply.source,
    mine:
      reply.authorId === viewer.id ||
      (viewer.role === "company" && reply.fromCompany) ||
      reply.authorEmail.toLowerCase() === email,
    createdAt: reply.createdAt.toISOString(),
  };
}

async function hydrate(db: Database, viewer: Viewer, rows: ThreadRow[]): Promise<Communication[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Each thread's newest THREAD_REPLY_PREVIEW replies only: a view's size does not grow with the thread.
  const ranked = db
    .select({
      id: sql<string>`${communicationReplies.id}`.as("ranked_id"),
      rank: sql<number>`row_number() over (partition by ${communicationReplies.communicationId}
        order by ${communicationReplies.createdAt} desc, ${communicationReplies.id} desc)`.as("rank"),
    })
    .from(communicationReplies)
    .where(inArray(communicationReplies.communicationId, ids))
    .as("ranked");
  const [replies, reads, unreadReplies] = await Promise.all([
    db
      .select({ reply: communicationReplies, authorName: users.name })
      .from(communicationReplies)
      .innerJoin(ranked, eq(ranked.id, communicationReplies.id))
      .leftJoin(users, eq(users.id, communicationReplies.authorId))
      .where(lte(ranked.rank, THREAD_REPLY_PREVIEW))
      .orderBy(asc(communicationReplies.createdAt), asc(communicationReplies.id)),
    db
      .select({ communicationId: communicationReads.communicationId, lastReadAt: communicationReads.lastReadAt })
      .from(communicationReads)
      .where(and(eq(communicationReads.userId, viewer.id), inArray(communicationReads.communicationId, ids))),
    // Unread replies are counted over the whole thread, not only the ones carried.
    db
      .select({ communicationId: communicationReplies.communicationId, unread: sql<number>`count(*)::int` })
      .from(communicationReplies)
      .leftJoin(
        communicationReads,
        and(
          eq(communicationReads.communicationId, communicationReplies.communicationId),
          eq(communicationReads.userId, viewer.id),
        ),
      )
      .where(
        and(
          inArray(communicationReplies.communicationId, ids),
          // At millisecond precision, as the thread's own marker is compared in JavaScript: PostgreSQL keeps
          // microseconds, and a reply a few microseconds after the activity time the marker copied stayed unread.
          sql`(${communicationReads.lastReadAt} is null
            or date_trunc('milliseconds', ${communicationReplies.createdAt}) > date_trunc('milliseconds', ${communicationReads.lastReadAt}))`,
          sql`not ${replyIsMine(viewer)}`,
        ),
      )
      .groupBy(communicationReplies.communicationId),
  ]);
  const readAt = new Map(reads.map((r) => [r.communicationId, r.lastReadAt.getTime()]));
  const unreadIn = new Map(unreadReplies.map((r) => [r.communicationId, Number(r.unread)]));
  const email = viewer.email.toLowerCase();
  const isMine = (item: { authorId: string | null; fromCompany: boolean; authorEmail?: string | null }) =>
    item.authorId === viewer.id || (viewer.role === "company" && item.fromCompany) || item.authorEmail?.toLowerCase() === email;

  return rows.map((row) => {
    const since = readAt.get(row.id) ?? Number.NEGATIVE_INFINITY;
    const unreadCount = (!isMine(row) && row.createdAt.getTime() > since ? 1 : 0) + (unreadIn.get(row.id) ?? 0);
    const replyDtos = replies.filter((r) => r.reply.communicationId === row.id).map((r) => replyDto(viewer, r));
    return {
      id: row.id,
      projectId: row.projectId,
      type: row.type,
      subject: row.subject,
      content: row.content,
      meetingUrl: row.meetingUrl,
      scheduledFor: row.scheduledFor?.toISOString() ?? null,
      meetingRequestId: row.meetingRequestId,
      fromCompany: row.fromCompany,
      authorName: authorLabel(row.fromCompany, row.authorName, row.authorEmail),
      mine: isMine(row),
      createdAt: row.createdAt.toISOString(),
      lastActivityAt: row.lastActivityAt.toISOString(),
      replyCount: row.replyCount,
      unreadCount,
      replies: replyDtos,
    };
  });
}

const threadColumns = { thread: communications, authorName: users.name, authorEmail: users.email };

function flatten(
  rows: Array<{ thread: typeof communications.$inferSelect; authorName: string | null; authorEmail: string | null }>,
): ThreadRow[] {
  return rows.map((r) => ({ ...r.thread, authorName: r.authorName, authorEmail: r.authorEmail }));
}

/**
 * GET /api/projects/{id}/communications: one page of the project's (or the caller's general support) threads, newest
 * activity first, or its meetings with a time, earliest first.
 */
export async function listThreads(
  db: Database,
  { viewer, place, query }: { viewer: Viewer; place: ThreadPlace; query: Paging & { show: ThreadView } },
): Promise<Page<Communication>> {
  const meetings = query.show === "meetings";
  const where = and(
    placeCondition(place),
    meetings ? and(eq(communications.type, "meeting"), isNotNull(communications.scheduledFor)) : undefined,
  );
  const order = meetings
    ? [asc(communications.scheduledFor), asc(communications.id)]
    : [desc(communications.lastActivityAt), desc(communications.id)];
  const [rows, [counted]] = await Promise.all([
    onePage(
      db
        .select(threadColumns)
        .from(communications)
        .leftJoin(users, eq(users.id, communications.authorId))
        .where(where)
        .orderBy(...order)
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(communications).where(where),
  ]);
  return pageReply(await hydrate(db, viewer, flatten(rows)), counted?.total ?? 0, query);
}

/** One thread (after posting or replying), with the viewer's unread count. */
export async function findThread(
  db: Database,
  { viewer, threadId }: { viewer: Viewer; threadId: CommunicationId },
): Promise<Communication | null> {
  const rows = await db
    .select(threadColumns)
    .from(communications)
    .leftJoin(users, eq(users.id, communications.authorId))
    .where(eq(communications.id, threadId))
    .limit(1);
  const [thread] = await hydrate(db, viewer, flatten(rows));
  return thread ?? null;
}

// The company's view of a thread, each an expression over the outer `communications` row (one query per page; the
// correlated subqueries read communication_reads by its primary key and communication_replies by its thread index).
/** The newest read by any company admin: a thread read by one admin is read for the company. */
const companyReadAt = sql`(select max(cr.last_read_at) from communication_reads cr inner join users cu on cu.id = cr.user_id
  where cr.communication_id = ${communications.id} and cu.role = 'company')`;
const companyUnread = sql<boolean>`(${communications.lastCustomerActivityAt} is not null
  and ${communications.lastCustomerActivityAt} > coalesce(${companyReadAt}, '-infinity'::timestamptz))`;
const waitingForUs = sql<boolean>`(${communications.lastCustomerActivityAt} is not null
  and ${communications.lastCustomerActivityAt} >= ${communications.lastActivityAt})`;
/** The company's last word in the thread: the thread itself when the company started it, or its newest reply. */
const lastCompanyAt = sql`greatest(case when ${communications.fromCompany} then ${communications.createdAt} end,
  (select max(rc.created_at) from communication_replies rc where rc.communication_id = ${communications.id} and rc.from_company))`;
/** The oldest customer message after the company's last word (null when the company had the last word). */
const waitingSince = sql<Date | string | null>`(case when not ${waitingForUs} then null
  when ${lastCompanyAt} is null then ${communications.createdAt}
  else (select min(rw.created_at) from communication_replies rw
    where rw.communication_id = ${communications.id} and not rw.from_company and rw.created_at > ${lastCompanyAt}) end)`;
const overdueAt = (now: Date) =>
  sql<boolean>`coalesce(${waitingSince} < ${messageOverdueCutoff(now).toISOString()}::timestamptz, false)`;

function viewCondition(view: InboxView, now: Date): SQL | undefined {
  if (view === "unread") return companyUnread;
  if (view === "waiting") return waitingForUs;
  if (view === "overdue") return overdueAt(now);
  return undefined;
}

type CompanyListQuery = Paging & Pick<CompanyCommunicationsQuery, "projectId" | "unread" | "show">;

/** The customer a thread is with: its project's owner, or a general thread's customer. */
const threadCustomerId = sql<string>`coalesce(${projects.userId}, ${communications.customerId})`;

const companyColumns = (now: Date) => ({
  ...threadColumns,
  projectCode: projects.projectCode,
  projectName: projects.projectName,
  withCustomerId: threadCustomerId,
  // The profile's name, else the account's (a customer who has not filled in a profile yet).
  customerName: sql<string | null>`coalesce(nullif(trim(${profiles.fullName}), ''),
    (select ou.name from users ou where ou.id = ${threadCustomerId}))`,
  customerEmail: sql<string | null>`(select ou.email from users ou where ou.id = ${threadCustomerId})`,
  companyUnread,
  waitingForUs,
  waitingSince,
  overdue: overdueAt(now),
});

type CompanyRow = ThreadRow & {
  projectCode: string | null;
  projectName: string | null;
  withCustomerId: string;
  customerName: string | null;
  customerEmail: string | null;
  companyUnread: boolean;
  waitingForUs: boolean;
  waitingSince: Date | string | null;
  overdue: boolean;
};

async function companyThreads(db: Database, viewer: Viewer, rows: CompanyRow[]): Promise<CompanyCommunication[]> {
  const threads = await hydrate(db, viewer, rows);
  return threads.map((thread, i) => {
    const row = rows[i] as CompanyRow;
    const customerName = row.customerName?.trim() || null;
    return {
      ...thread,
      project:
        row.projectId && row.projectCode
          ? {
              id: row.projectId,
              projectCode: row.projectCode,
              projectName: row.projectName,
              customerName: customerName || row.customerEmail,
            }
          : null,
      customer: { id: row.withCustomerId, name: customerName, email: row.customerEmail },
      companyUnread: Boolean(row.companyUnread),
      waitingForUs: Boolean(row.waitingForUs),
      waitingSince: row.waitingSince ? new Date(row.waitingSince).toISOString() : null,
      overdue: Boolean(row.overdue),
    };
  });
}

function companySelect(db: Database, now: Date) {
  return db
    .select(companyColumns(now))
    .from(communications)
    .leftJoin(projects, eq(projects.id, communications.projectId))
    .leftJoin(profiles, eq(profiles.userId, threadCustomerId))
    .leftJoin(users, eq(users.id, communications.authorId));
}

function flattenCompany(rows: Array<Record<string, unknown> & { thread: typeof communications.$inferSelect }>): CompanyRow[] {
  return rows.map(({ thread, ...rest }) => ({ ...thread, ...rest }) as CompanyRow);
}

/**
 * GET /api/company/communications: every project's threads for the company admins, newest activity first, paged;
 * one project's, or one view of them (unread for the company, waiting for us, overdue), with each view's count.
 */
export async function listCompanyCommunications(
  db: Database,
  { viewer, query, now = new Date() }: { viewer: Viewer; query: CompanyListQuery; now?: Date },
): Promise<CompanyCommunicationPage> {
  const empty = { ...pageReply([], 0, query), unreadThreads: 0, waitingThreads: 0, overdueThreads: 0 };
  const general = isGeneralScope(query.projectId);
  if (query.projectId !== undefined && !general && !isUuid(query.projectId)) return empty;
  const view: InboxView = query.unread === "true" ? "unread" : (query.show ?? "all");
  const scope = general
    ? placeCondition({ customerId: null })
    : query.projectId
      ? placeCondition({ projectId: query.projectId })
      : undefined;
  const where = and(scope, viewCondition(view, now));

  const [rows, [counts]] = await Promise.all([
    onePage(
      companySelect(db, now).where(where).orderBy(desc(communications.lastActivityAt), desc(communications.id)).$dynamic(),
      query,
    ),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where ?? sql`true`})::int`,
        unread: sql<number>`count(*) filter (where ${companyUnread})::int`,
        waiting: sql<number>`count(*) filter (where ${waitingForUs})::int`,
        overdue: sql<number>`count(*) filter (where ${overdueAt(now)})::int`,
      })
      .from(communications)
      .where(scope),
  ]);
  const items = await companyThreads(db, viewer, flattenCompany(rows));
  return {
    ...pageReply(items, counts?.total ?? 0, query),
    unreadThreads: counts?.unread ?? 0,
    waitingThreads: counts?.waiting ?? 0,
    overdueThreads: counts?.overdue ?? 0,
  };
}

/** GET /api/company/communications/{communicationId}: one thread as the inbox shows it (a deep link opens it). */
export async function findCompanyThread(
  db: Database,
  { viewer, threadId, now = new Date() }: { viewer: Viewer; threadId: CommunicationId; now?: Date },
): Promise<CompanyCommunication | null> {
  if (!isUuid(threadId)) return null;
  const rows = await companySelect(db, now).where(eq(communications.id, threadId)).limit(1);
  const [thread] = await companyThreads(db, viewer, flattenCompany(rows));
  return thread ?? null;
}

/** How many threads wait for the company past the service level (the console header's count). */
export async function countOverdueThreads(db: Database, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(communications)
    .where(and(waitingForUs, overdueAt(now)));
  return row?.total ?? 0;
}

/**
 * GET /api/projects/{id}/communications/{communicationId}/replies: a thread's replies, latest first, a page at a time
 * (page 1 is the newest; "Show older replies" asks for the next ones). Null when the thread is not in the place.
 */
export async function listThreadReplies(
  db: Database,
  { viewer, place, threadId, paging }: { viewer: Viewer; place: ThreadPlace; threadId: CommunicationId; paging: Paging },
): Promise<Page<CommunicationReply> | null> {
  if (!isUuid(threadId)) return null;
  const [thread] = await db
    .select({ id: communications.id })
    .from(communications)
    .where(and(eq(communications.id, threadId), placeCondition(place)))
    .limit(1);
  if (!thread) return null;
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({ reply: communicationReplies, authorName: users.name })
        .from(communicationReplies)
        .leftJoin(users, eq(users.id, communicationReplies.authorId))
        .where(eq(communicationReplies.communicationId, threadId))
        .orderBy(desc(communicationReplies.createdAt), desc(communicationReplies.id))
        .$dynamic(),
      paging,
    ),
    db.select({ n: count() }).from(communicationReplies).where(eq(communicationReplies.communicationId, threadId)),
  ]);
  return pageReply(
    rows.map((row) => replyDto(viewer, row)),
    Number(total?.n ?? 0),
    paging,
  );
}
