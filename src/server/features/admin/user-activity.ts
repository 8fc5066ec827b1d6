// GET /api/company/user-activity: every customer with what they have done so far (project, membership of someone
// else's project, profile, or only a sign-in), paged and filtered in SQL; and the reminder an admin sends to a lead
// whose profile is incomplete (never to an invited member: they were asked to test, not to start a project).
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import type { MemberAccessLevel } from "../../../shared/domain/project-access";
import type { Page, UserActivity } from "../../../shared/schemas/admin";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { profiles, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { recordActivity } from "../activity";
import { containsFolded } from "./project-filters";

export type ActivityQuery = {
  activityStatus: "all" | UserActivity["activityStatus"];
  search: string;
  page: number;
  pageSize: number;
};

const hasProject = sql<boolean>`exists (select 1 from projects pr where pr.user_id = ${users.id})`;
/** Invited to someone's project (members are matched by lower-cased email). */
const isMember = sql<boolean>`exists (select 1 from project_members pm where pm.email = lower(${users.email}))`;
const MEMBERSHIPS_SHOWN = 5;
const memberships = sql<Array<{ projectId: string; projectCode: string; accessLevel: MemberAccessLevel }>>`(
  select coalesce(json_agg(json_build_object('projectId', m.id, 'projectCode', m.project_code, 'accessLevel', m.access_level)
    order by m.created_at), '[]'::json)
  from (select pr.id, pr.project_code, pm.access_level, pm.created_at from project_members pm
        join projects pr on pr.id = pm.project_id
        where pm.email = lower(${users.email}) order by pm.created_at limit ${MEMBERSHIPS_SHOWN}) m)`;
const firstProject = sql<
  string | null
>`(select pr.project_code || ' ' || pr.id from projects pr where pr.user_id = ${users.id} order by pr.created_at limit 1)`;

function activityWhere(query: ActivityQuery): SQL {
  const conditions: SQL[] = [eq(users.role, "customer")];
  if (query.activityStatus === "has_project") conditions.push(hasProject);
  if (query.activityStatus === "member") conditions.push(sql`not ${hasProject} and ${isMember}`);
  if (query.activityStatus === "has_profile")
    conditions.push(sql`${profiles.id} is not null and not ${hasProject} and not ${isMember}`);
  if (query.activityStatus === "login") conditions.push(sql`${profiles.id} is null and not ${hasProject} and not ${isMember}`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${users.email} ilike ${pattern} or search_fold(${users.name}) like search_fold(${pattern}) or ${profiles.company} ilike ${pattern} or ${containsFolded(profiles.fullNameSearch, pattern)})`,
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
          memberships,
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
      const joined = typeof row.memberships === "string" ? JSON.parse(row.memberships) : (row.memberships ?? []);
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        company: row.company,
        createdAt: row.createdAt.toISOString(),
        activityStatus: projectCode ? "has_project" : joined.length > 0 ? "member" : hasProfile ? "has_profile" : "login",
        hasProject: Boolean(projectCode),
        hasProfile,
        profileCompleted: row.profileCompleted ?? false,
        projectCode: projectCode ?? null,
        projectId: projectId ?? null,
        memberships: joined,
      };
    }),
    counted?.count ?? 0,
    query,
  );
}

/** One reminder per customer a day: a nudge, not a nag (and no mail bomb from a double click). */
export const REMINDER_LIMIT = { max: 1, windowSeconds: 24 * 3600 };

export async function sendProfileReminder(ctx: AppContext, { admin, userId }: { admin: SessionUser; userId: string }) {
  if (!isUuid(userId)) throw notFound("User not found");
  const [row] = await ctx.db
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      completed: profiles.profileCompleted,
      owner: hasProject,
      member: isMember,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.role !== "customer") throw notFound("User not found");
  if (row.completed) throw conflict("This customer's profile is already complete", "PROFILE_COMPLETE");
  if (row.member && !row.owner) {
    throw conflict(
      "This user is a member of a customer's project, not a lead: profile reminders go only to customers starting their own project",
    );
  }
  await consumeRateLimits(
    ctx.db,
    [{ bucket: "profile-reminder-24h", key: userId, ...REMINDER_LIMIT }],
    "A reminder was already sent to this customer today.",
  );
  await ctx.db.transaction(async (tx) => {
    await ctx.email.enqueue({ kind: "profile-reminder", to: row.email, data: { name: row.name } }, tx);
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
