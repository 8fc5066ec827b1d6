// Threads as the API answers them: each communication with its replies (oldest first), newest activity first, and
// per-viewer unread counts. Three queries for a whole page (threads, their replies, the viewer's read markers).
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import type { Communication, CompanyCommunicationPage, CompanyCommunicationsQuery } from "../../../shared/schemas/communications";
import type { Paging } from "../../../shared/schemas/paging";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { communicationReads, communicationReplies, communications, profiles, projects, users } from "../../db/schema";

export const COMPANY_AUTHOR_FALLBACK = "Blueprint team";

type Viewer = Pick<SessionUser, "id" | "email" | "role">;
type ThreadRow = typeof communications.$inferSelect & { authorName: string | null; authorEmail: string | null };

function authorLabel(fromCompany: boolean, name: string | null, email: string | null): string {
  if (fromCompany) return name?.trim() || COMPANY_AUTHOR_FALLBACK;
  return name?.trim() || email || "Customer";
}

async function hydrate(db: Database, viewer: Viewer, rows: ThreadRow[]): Promise<Communication[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [replies, reads] = await Promise.all([
    db
      .select({ reply: communicationReplies, authorName: users.name })
      .from(communicationReplies)
      .leftJoin(users, eq(users.id, communicationReplies.authorId))
      .where(inArray(communicationReplies.communicationId, ids))
      .orderBy(asc(communicationReplies.createdAt)),
    db
      .select({ communicationId: communicationReads.communicationId, lastReadAt: communicationReads.lastReadAt })
      .from(communicationReads)
      .where(and(eq(communicationReads.userId, viewer.id), inArray(communicationReads.communicationId, ids))),
  ]);
  const readAt = new Map(reads.map((r) => [r.communicationId, r.lastReadAt.getTime()]));
  const email = viewer.email.toLowerCase();
  const isMine = (item: { authorId: string | null; fromCompany: boolean; authorEmail?: string | null }) =>
    item.authorId === viewer.id || (viewer.role === "company" && item.fromCompany) || item.authorEmail?.toLowerCase() === email;

  return rows.map((row) => {
    const since = readAt.get(row.id) ?? Number.NEGATIVE_INFINITY;
    const threadReplies = replies.filter((r) => r.reply.communicationId === row.id);
    let unreadCount = !isMine(row) && row.createdAt.getTime() > since ? 1 : 0;
    const replyDtos = threadReplies.map(({ reply, authorName }) => {
      const mine = isMine(reply);
      if (!mine && reply.createdAt.getTime() > since) unreadCount++;
      return {
        id: reply.id,
        content: reply.content,
        fromCompany: reply.fromCompany,
        authorName: authorLabel(reply.fromCompany, authorName, reply.authorEmail),
        source: reply.source,
        mine,
        createdAt: reply.createdAt.toISOString(),
      };
    });
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

/** GET /api/projects/{id}/communications: the project's threads, newest activity first. */
export async function listProjectCommunications(
  db: Database,
  viewer: Viewer,
  projectId: string,
  options: { limit: number; before?: Date },
): Promise<Communication[]> {
  const conditions: SQL[] = [eq(communications.projectId, projectId)];
  if (options.before) conditions.push(lt(communications.lastActivityAt, options.before));
  const rows = await db
    .select(threadColumns)
    .from(communications)
    .leftJoin(users, eq(users.id, communications.authorId))
    .where(and(...conditions))
    .orderBy(desc(communications.lastActivityAt), desc(communications.id))
    .limit(options.limit);
  return hydrate(db, viewer, flatten(rows));
}

/** One thread (after posting or replying), with the viewer's unread count. */
export async function findThread(db: Database, viewer: Viewer, threadId: string): Promise<Communication | null> {
  const rows = await db
    .select(threadColumns)
    .from(communications)
    .leftJoin(users, eq(users.id, communications.authorId))
    .where(eq(communications.id, threadId))
    .limit(1);
  const [thread] = await hydrate(db, viewer, flatten(rows));
  return thread ?? null;
}

/**
 * GET /api/company/communications: every project's threads for the company admins, newest activity first, paged,
 * optionally one project's or only those with customer messages the admin has not read.
 */
export async function listCompanyCommunications(
  db: Database,
  viewer: Viewer,
  query: Paging & Pick<CompanyCommunicationsQuery, "projectId" | "unread">,
): Promise<CompanyCommunicationPage> {
  if (query.projectId !== undefined && !isUuid(query.projectId)) return { ...pageReply([], 0, query), unreadThreads: 0 };
  const unreadForViewer = and(
    sql`${communications.lastCustomerActivityAt} is not null`,
    or(isNull(communicationReads.lastReadAt), gt(communications.lastCustomerActivityAt, communicationReads.lastReadAt)),
  );
  const scope = query.projectId ? eq(communications.projectId, query.projectId) : undefined;
  const where = query.unread === "true" ? and(scope, unreadForViewer) : scope;
  const readJoin = and(eq(communicationReads.communicationId, communications.id), eq(communicationReads.userId, viewer.id));

  const [rows, [totals], [unread]] = await Promise.all([
    onePage(
      db
        .select({
          ...threadColumns,
          project: { id: projects.id, projectCode: projects.projectCode, projectName: projects.projectName },
          customerName: profiles.fullName,
        })
        .from(communications)
        .innerJoin(projects, eq(projects.id, communications.projectId))
        .leftJoin(profiles, eq(profiles.userId, projects.userId))
        .leftJoin(users, eq(users.id, communications.authorId))
        .leftJoin(communicationReads, readJoin)
        .where(where)
        .orderBy(desc(communications.lastActivityAt), desc(communications.id))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(communications).leftJoin(communicationReads, readJoin).where(where),
    db.select({ total: count() }).from(communications).leftJoin(communicationReads, readJoin).where(and(scope, unreadForViewer)),
  ]);
  const threads = await hydrate(db, viewer, flatten(rows));
  const items = threads.map((thread, i) => {
    const row = rows[i];
    return {
      ...thread,
      project: {
        id: row?.project.id ?? thread.projectId,
        projectCode: row?.project.projectCode ?? "",
        projectName: row?.project.projectName ?? null,
        customerName: row?.customerName ?? null,
      },
    };
  });
  return { ...pageReply(items, totals?.total ?? 0, query), unreadThreads: unread?.total ?? 0 };
}
