// GET /api/projects/{id}/feedback and GET /api/company/feedback: newest first, filtered and paged in the database.
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import type {
  CompanyFeedbackPage,
  CompanyFeedbackQuery,
  FeedbackPage,
  ProjectFeedbackQuery,
} from "../../../shared/schemas/feedback";
import type { Database } from "../../db/client";
import { feedback, profiles, projects, users } from "../../db/schema";
import type { ProjectAccess } from "../projects/access";
import { toFeedbackDto } from "./feedback-dto";

const author = { name: users.name, email: users.email };

export async function listProjectFeedback(
  db: Database,
  access: ProjectAccess,
  query: ProjectFeedbackQuery,
): Promise<FeedbackPage> {
  const conditions: SQL[] = [eq(feedback.projectId, access.project.id)];
  if (query.status && query.status !== "all") conditions.push(eq(feedback.status, query.status));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ item: feedback, author })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.authorId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(feedback).where(where),
  ]);
  const caller = { userId: access.user.id, accessLevel: access.accessLevel };
  return {
    items: rows.map((row) => toFeedbackDto(row.item, row.author?.email ? row.author : null, caller)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function listCompanyFeedback(
  db: Database,
  userId: string,
  query: CompanyFeedbackQuery,
): Promise<CompanyFeedbackPage> {
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  const conditions: SQL[] = [];
  if (query.projectId) {
    if (!isUuid(query.projectId)) return empty;
    conditions.push(eq(feedback.projectId, query.projectId));
  }
  if (query.status && query.status !== "all") conditions.push(eq(feedback.status, query.status));
  if (query.type && query.type !== "all") conditions.push(eq(feedback.feedbackType, query.type));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
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
      .leftJoin(users, eq(users.id, feedback.authorId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(feedback).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toFeedbackDto(row.item, row.author?.email ? row.author : null, { userId, accessLevel: "company" }),
      projectCode: row.projectCode,
      projectName: row.projectName,
      customerName: row.customerName,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
