// Who is on each side of a project's conversation: the customer's side (the owner and the admin-level members) and
// the company's side (the company inbox, ADMIN_EMAILS). The other side of the writer is emailed and notified.
import { and, eq, sql } from "drizzle-orm";
import { accessAllows, projectAccessLevel } from "../../../shared/domain/project-access";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { projectMembers, projects, users } from "../../db/schema";

export type Person = { email: string; userId: string | null; name: string | null; timeZone?: string | null };

/** The project's owner and its admin-level members, with their accounts when they have signed in. */
export async function customerSide(db: Database, projectId: string): Promise<Person[]> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, name: users.name, timeZone: users.timeZone })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId))
    .limit(1);
  const admins = await db
    .select({ email: projectMembers.email, userId: users.id, name: users.name, timeZone: users.timeZone })
    .from(projectMembers)
    .leftJoin(users, eq(sql`lower(${users.email})`, projectMembers.email))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.accessLevel, "admin")));
  const people: Person[] = owner
    ? [{ email: owner.email.toLowerCase(), userId: owner.id, name: owner.name, timeZone: owner.timeZone }]
    : [];
  for (const admin of admins) {
    if (!people.some((p) => p.email === admin.email)) people.push(admin);
  }
  return people;
}

/** The customer's side of a thread: the project's (customerSide), or a general support thread's customer alone. */
export async function threadCustomers(
  db: Database,
  thread: { project: { id: string } | null; customerId: string },
): Promise<Person[]> {
  if (thread.project) return customerSide(db, thread.project.id);
  const [customer] = await db
    .select({ id: users.id, email: users.email, name: users.name, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, thread.customerId))
    .limit(1);
  return customer
    ? [{ email: customer.email.toLowerCase(), userId: customer.id, name: customer.name, timeZone: customer.timeZone }]
    : [];
}

/** The company inbox: every ADMIN_EMAILS address. */
export function companySide(config: Config): Person[] {
  return config.adminEmails.map((email) => ({ email, userId: null, name: null }));
}

/**
 * Whether this address may write in the thread's conversation (a project's, or a general support thread's: its
 * customer alone), and as whom (used for replies by email).
 */
export async function writerByEmail(
  db: Database,
  { config, thread, email }: { config: Config; thread: { projectId: string | null; customerId: string | null }; email: string },
): Promise<{ side: "company" | "customer"; userId: string | null; name: string | null } | null> {
  const address = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.email})`, address))
    .limit(1);
  if (account?.role === "company" || config.adminEmails.includes(address)) {
    return { side: "company", userId: account?.id ?? null, name: account?.name ?? null };
  }
  const { projectId } = thread;
  if (!projectId) {
    return account && account.id === thread.customerId ? { side: "customer", userId: account.id, name: account.name } : null;
  }
  const [project] = await db.select({ ownerId: projects.userId }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) return null;
  const [member] = await db
    .select({ accessLevel: projectMembers.accessLevel })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.email, address)))
    .limit(1);
  const level = projectAccessLevel({ company: false, owner: account?.id === project.ownerId, memberLevel: member?.accessLevel });
  if (accessAllows(level, "post")) return { side: "customer", userId: account?.id ?? null, name: account?.name ?? null };
  return null;
}
