// GET /api/projects/{id}/feedback and GET /api/company/feedback: newest first, filtered and paged in the database.
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { isUuid } from "../../../shared/domain/ids";
import type { ProjectAccessLevel } from "../../../shared/domain/project-access";
import type {
  CompanyFeedbackPage,
  CompanyFeedbackQuery,
  FeedbackPage,
  ProjectFeedbackQuery,
} from "../../../shared/schemas/feedback";
import type { Paging } from "../../../shared/schemas/paging";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { feedback, profiles, projects, users } from "../../db/schema";
import { toFeedbackDto } from "./feedback-dto";

const author = { name: users.name, email: users.email };

/** One page of the feedback `select` (joined to its author) picks, newest first, and how many match `where`. */
async function newestFirstPage<T extends PgSelect>(db: Database, select: T, where: SQL | undefined, paging: Paging) {
  const [rows, [counted]] = await Promise.all([
    onePage(
      select.leftJoin(users, eq(users.id, feedback.authorId)).where(where).orderBy(desc(feedback.createdAt), desc(feedback.id)),
      paging,
    ),
    db.select({ total: count() }).from(feedback).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function listProjectFeedback(
  db: Database,
  { query, ...caller }: { projectId: string; userId: string; accessLevel: ProjectAccessLevel; query: ProjectFeedbackQuery },
): Promise<FeedbackPage> {
  const conditions: SQL[] = [eq(feedback.projectId, caller.projectId)];
  if (query.status && query.status !== "all") conditions.push(eq(feedback.status, query.status));
  const where = and(...conditions);
  const { rows, total } = await newestFirstPage(
    db,
    db.select({ item: feedback, author }).from(feedback).$dynamic(),
    where,
    query,
  );
  return pageReply(
    rows.map((row) => toFeedbackDto({ row: row.item, author: row.author?.email ? row.author : null, caller })),
    total,
    query,
  );
}

export async function listCompanyFeedback(
  db: Database,
  { userId, query }: { userId: string; query: CompanyFeedbackQuery },
): Promise<CompanyFeedbackPage> {
  const conditions: SQL[] = [];
  if (query.projectId) {
    if (!isUuid(query.projectId)) return pageReply([], 0, query);
    conditions.push(eq(feedback.projectId, query.projectId));
  }
  if (query.status && query.status !== "all") conditions.push(eq(feedback.status, query.status));
  if (query.type && query.type !== "all") conditions.push(eq(feedback.feedbackType, query.type));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const select = db
    .select({
      item: feedback,
      author,
      projectCode: projects.projectCode,
      projectName: projects.projectName,
      customerName: profiles.fullName,
    })
    .from(feedback)
    .innerJoin(projects, eq(projects.id, feedback.projectId))
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .$dynamic();
  const { rows, total } = await newestFirstPage(db, select, where, query);
  return pageReply(
    rows.map((row) => ({
      ...toFeedbackDto({
        row: row.item,
        author: row.author?.email ? row.author : null,
        caller: { userId, accessLevel: "company" },
      }),
      projectCode: row.projectCode,
      projectName: row.projectName,
      customerName: row.customerName,
    })),
    total,
    query,
  );
}
