// GET /api/company/user-activity: every customer with what they have done so far (project, profile, or only a
// sign-in), paged and filtered in SQL; and the reminder an admin sends to someone whose profile is incomplete.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import type { Page, UserActivity } from "../../../shared/schemas/admin";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { profiles, users } from "../../db/schema";
import { APP_NAME, renderEmail } from "../../email/layout";
import { customerLinks } from "../../email/links";
import { conflict, notFound } from "../../errors";
import { recordActivity } from "../activity/record-activity";

type ActivityQuery = { activityStatus: "all" | UserActivity["activityStatus"]; search: string; page: number; pageSize: number };

const hasProject = sql<boolean>`exists (select 1 from projects pr where pr.user_id = ${users.id})`;
const firstProject = sql<
  string | null
>`(select pr.project_code || ' ' || pr.id from projects pr where pr.user_id = ${users.id} order by pr.created_at limit 1)`;

function activityWhere(query: ActivityQuery): SQL {
  const conditions: SQL[] = [eq(users.role, "customer")];
  if (query.activityStatus === "has_project") conditions.push(hasProject);
  if (query.activityStatus === "has_profile") conditions.push(sql`${profiles.id} is not null and not ${hasProject}`);
  if (query.activityStatus === "login") conditions.push(sql`${profiles.id} is null and not ${hasProject}`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${users.email} ilike ${pattern} or ${users.name} ilike ${pattern} or ${profiles.company} ilike ${pattern} or ${profiles.fullName} ilike ${pattern})`,
    );
  }
  return and(...conditions) as SQL;
}

export async function listUserActivity(db: Database, query: ActivityQuery): Promise<Page<UserActivity>> {
  const where = activityWhere(query);
  const [rows, [counted]] = await Promise.all([
    onePage(
      db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          createdAt: users.createdAt,
          company: profiles.company,
          profileId: profiles.id,
          profileCompleted: profiles.profileCompleted,
          firstProject,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .$dynamic(),
      query,
    ),
    db.select({ count: sql<number>`count(*)::int` }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
  ]);
  return pageReply(
    rows.map((row) => {
      const [projectCode, projectId] = row.firstProject ? row.firstProject.split(" ") : [null, null];
      const hasProfile = row.profileId !== null;
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        company: row.company,
        createdAt: row.createdAt.toISOString(),
        activityStatus: projectCode ? "has_project" : hasProfile ? "has_profile" : "login",
        hasProject: Boolean(projectCode),
        hasProfile,
        profileCompleted: row.profileCompleted ?? false,
        projectCode: projectCode ?? null,
        projectId: projectId ?? null,
      };
    }),
    counted?.count ?? 0,
    query,
  );
}

/** One reminder per customer a day: a nudge, not a nag (and no mail bomb from a double click). */
export const REMINDER_LIMIT = { max: 1, windowSeconds: 24 * 3600 };

export async function sendProfileReminder(ctx: AppContext, admin: SessionUser, userId: string) {
  if (!isUuid(userId)) throw notFound("User not found");
  const [row] = await ctx.db
    .select({ email: users.email, name: users.name, role: users.role, completed: profiles.profileCompleted })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.role !== "customer") throw notFound("User not found");
  if (row.completed) throw conflict("This customer's profile is already complete", "PROFILE_COMPLETE");
  await consumeRateLimits(
    ctx.db,
    [{ bucket: "profile-reminder-24h", key: userId, ...REMINDER_LIMIT }],
    "A reminder was already sent to this customer today.",
  );
  const greeting = row.name ? `Hi ${row.name.replace(/[\r\n]+/g, " ")},` : "Hi,";
  await ctx.db.transaction(async (tx) => {
    await ctx.email.enqueue(
      {
        kind: "profile-reminder",
        to: row.email,
        subject: `Finish your ${APP_NAME} profile to start your project`,
        ...renderEmail({
          heading: "Your project is waiting for your profile",
          paragraphs: [
            greeting,
            "It takes 5-10 minutes: tell us about your company, sign the NDA, and describe what you want built.",
          ],
          action: { label: "Complete your profile", url: customerLinks.onboarding(ctx.config.appUrl) },
        }),
      },
      tx,
    );
    await recordActivity(tx, {
      userId,
      actorId: admin.id,
      type: "profile.reminder_sent",
      title: "Reminder: complete your profile",
      description: "Finish your company profile so we can start your project.",
      notify: true,
    });
  });
  return { success: true, message: "Reminder sent" };
}
