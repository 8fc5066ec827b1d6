// The one module of test data factories, shared by the API tests, the browser tests and the seed script:
// rows written straight to the database (users, sessions, profiles, projects), and a few steps through the
// real routes where the route itself is what a test needs (a customer signed in by code, a new project).
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { createSession, sessionCookieName } from "../src/server/auth/sessions";
import type { Database } from "../src/server/db/client";
import { companyLegalSettings, profiles, projects, proposalAcceptances, users } from "../src/server/db/schema";
import { createProject } from "../src/server/features/projects/create-project";
import type { Role } from "../src/shared/constants/auth";
import type { PackageType } from "../src/shared/constants/packages";
import type { ProjectStatus } from "../src/shared/domain/project-status";
import { signIn } from "./setup/test-app";

export const json = { "content-type": "application/json" };

export type User = typeof users.$inferSelect;

export async function createUser(db: Database, input: { email: string; name: string; role?: Role }): Promise<User> {
  const [firstName, ...rest] = input.name.split(" ");
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      name: input.name,
      firstName: firstName ?? null,
      lastName: rest.join(" ") || null,
      role: input.role ?? "customer",
    })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

export async function findUser(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

/**
 * A signed-in session for `user`, created the way the sign-in route does (no code, no email):
 * returns the cookie's name and token, and the Cookie header value.
 */
export async function createSessionFor(app: FastifyInstance, user: Pick<User, "id" | "role">) {
  const { token } = await createSession(app.ctx.db, user, { userAgent: "blueprint-tests" });
  const name = sessionCookieName(app.ctx.config);
  return { name, token, header: `${name}=${token}` };
}

export type Who = User | { email: string; name?: string; role?: Role };
export type SignedInUser = { user: User; userId: string; email: string; cookie: string; token: string; cookieName: string };

/**
 * The login fixture: finds or creates the user and gives them a fresh session, skipping the sign-in screen and its
 * rate limits (only the sign-in tests sign in by code). Browser tests put it in a context with `signInContext`.
 */
export async function signedInUser(app: FastifyInstance, who: Who): Promise<SignedInUser> {
  const db = app.ctx.db;
  const user =
    "id" in who
      ? who
      : ((await findUser(db, who.email)) ??
        (await createUser(db, { email: who.email, name: who.name ?? "Casey Client", role: who.role })));
  const session = await createSessionFor(app, user);
  return {
    user,
    userId: user.id,
    email: user.email,
    cookie: session.header,
    token: session.token,
    cookieName: session.name,
  };
}

type ProfileValues = Partial<typeof profiles.$inferInsert>;

/** A completed company profile (inserted, or completed if one exists); every value can be overridden. */
export async function createCompletedProfile(
  db: Database,
  input: { userId: string; ndaStatus?: "pending" | "customer_verified" | "approved" } & ProfileValues,
) {
  const { ndaStatus = "pending", ...overrides } = input;
  const ndaSigned = ndaStatus === "customer_verified" || ndaStatus === "approved";
  const values: typeof profiles.$inferInsert = {
    fullName: "Dana Wells",
    company: "Northside Clinics",
    jobTitle: "Head of Product",
    phone: "+1 415 555 0100",
    companySize: "11-50",
    industry: "healthcare",
    companyAddress: "500 Market Street, San Francisco, CA",
    companyWebsite: "https://example.com",
    primaryContact: "ops@example.com",
    packageType: "basic",
    budgetRange: "5k-10k",
    timeline: "4-6 weeks",
    profileCompleted: true,
    ndaStatus,
    ndaSigned,
    ndaSignedAt: ndaSigned ? new Date() : null,
    ...overrides,
  };
  const { userId: _userId, ...update } = values;
  const [profile] = await db
    .insert(profiles)
    .values(values)
    .onConflictDoUpdate({ target: profiles.userId, set: update })
    .returning();
  if (!profile) throw new Error("profile insert returned nothing");
  return profile;
}

export async function createProjectWithStatus(
  db: Database,
  input: { ownerId: string; packageType?: PackageType; status: ProjectStatus; prototypeUrl?: string },
) {
  const project = await createProject(db, {
    ownerId: input.ownerId,
    packageType: input.packageType ?? "basic",
    status: input.status,
  });
  if (input.prototypeUrl) {
    await db.update(projects).set({ prototypeUrl: input.prototypeUrl }).where(eq(projects.id, project.id));
  }
  return project;
}

export type Customer = { email: string; cookie: string; userId: string };

/** A customer signed in through the real code routes (for API tests of the sign-in rules' effects). */
export async function customer(app: FastifyInstance, email: string, name = "Casey Client"): Promise<Customer> {
  const cookie = await signIn(app, email, name);
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`no user for ${email}`);
  return { email: email.toLowerCase(), cookie, userId: user.id };
}

/**
 * An owner ready to open projects: the NDA comes before the idea, so the profile is completed and the NDA signed
 * (kept as it is when already signed or approved; a missing profile is created).
 */
export async function onboardOwner(db: Database, userId: string) {
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (existing?.profileCompleted && existing.ndaSigned) return existing;
  if (!existing) return createCompletedProfile(db, { userId, ndaStatus: "customer_verified" });
  const [updated] = await db
    .update(profiles)
    .set({ profileCompleted: true, ndaSigned: true, ndaSignedAt: new Date(), ndaStatus: "customer_verified" })
    .where(eq(profiles.id, existing.id))
    .returning();
  return updated;
}

/** A new project created through POST /api/projects by `who`, onboarded first (profile and signed NDA). */
export async function newProject(
  app: FastifyInstance,
  who: { cookie: string; userId: string },
): Promise<{ id: string; projectCode: string }> {
  await onboardOwner(app.ctx.db, who.userId);
  const res = await app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: who.cookie } });
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.body}`);
  return res.json();
}

export const GOOD_ANSWERS = {
  projectName: "ClinicFlow appointment booking",
  problemStatement:
    "Our front desk spends about 3 hours a day answering calls to book, move or cancel appointments. 15% of booked patients do not show up.",
  targetUsers:
    "Patients booking from their phone\nReceptionists managing the day's schedule\nClinic managers reviewing utilisation",
  currentSolution:
    "Bookings are taken by phone and written into a shared Google Calendar. Reminders are sent by hand, so most patients never get one.",
  coreFunctionality:
    "- Patients see free slots and book online\n- Automatic SMS reminder 24 hours before the visit\n- Receptionist day view with rescheduling\n- Monthly no-show report (optional)",
  idealWorkflow:
    "Patient opens the booking link, picks a doctor and a free slot, confirms with name and phone, then gets a reminder.",
  successCriteria:
    "Half of all bookings made online within 3 months\nNo-show rate below 8%\nReceptionists find the day view easier",
  techStack: "React web app with a Node.js backend on AWS; SMS through Twilio.",
  additionalRequirements: "Patient data must stay in the EU (GDPR).",
};

/** GOOD_ANSWERS saved through POST /api/projects/:id/requirements as `cookie`, as the questionnaire sends them. */
export function saveAnswers(app: FastifyInstance, options: { projectId: string; cookie: string }) {
  return app.inject({
    method: "POST",
    url: `/api/projects/${options.projectId}/requirements`,
    payload: GOOD_ANSWERS,
    headers: { cookie: options.cookie, ...json },
  });
}

/**
 * Opens the project's team as the company would by publishing a prototype: status testing with a prototype URL
 * (invitations are refused before testing, issue 30 §3). For tests whose subject is the team, not the phase.
 */
export async function openTeam(
  app: FastifyInstance,
  projectId: string,
  prototypeUrl = "https://prototype.example.com/v1",
): Promise<void> {
  await app.ctx.db.update(projects).set({ status: "testing", prototypeUrl }).where(eq(projects.id, projectId));
}

/** The company's legal details as an owner would set them (an Indian company registered for GST at 18 %). */
export const COMPANY_LEGAL = {
  legalName: "Blueprint Labs Private Limited",
  address: "12 MG Road\nBengaluru 560001",
  country: "IN",
  region: "Karnataka",
  taxId: "29ABCDE1234F1ZW",
  taxLabel: "GST",
  taxRateBasisPoints: 1800,
  invoicePrefix: "BP",
  governingLaw: "the laws of India, with the courts of Bengaluru",
  signatoryName: "Asha Rao",
  signatoryTitle: "Director",
  contactEmail: "legal@blueprint.example",
  advancePercent: 50,
};

/** Writes the company's legal details straight to the database (what the console's Settings would save). */
export async function setCompanyLegal(db: Database, overrides: Partial<typeof COMPANY_LEGAL> = {}) {
  const values = { ...COMPANY_LEGAL, ...overrides };
  await db
    .insert(companyLegalSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: companyLegalSettings.id, set: values });
}

/**
 * Records the project's current proposal version as accepted, straight in the database (for tests whose subject is
 * what comes after, such as the advance's checkout; the proposal's own tests accept it through its route).
 */
export async function acceptProposal(db: Database, { projectId, name = "Dana Wells" }: { projectId: string; name?: string }) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new Error("acceptProposal: no such project");
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, project.userId)).limit(1);
  await db
    .insert(proposalAcceptances)
    .values({
      projectId,
      version: project.proposalVersion,
      userId: project.userId,
      acceptedName: name,
      userEmail: owner?.email ?? "owner@example.com",
      proposal: { projectCode: project.projectCode, version: project.proposalVersion },
      proposalSha256: "0".repeat(64),
    })
    .onConflictDoNothing();
}
