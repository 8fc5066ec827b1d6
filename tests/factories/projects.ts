// Test factories for projects: a signed-in customer with a project, a completed profile, a member.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { profiles, users } from "../../src/server/db/schema";
import { signIn } from "../setup/test-app";

export const json = { "content-type": "application/json" };

export type Customer = { email: string; cookie: string; userId: string };

export async function customer(app: FastifyInstance, email: string, name = "Casey Client"): Promise<Customer> {
  const cookie = await signIn(app, email, name);
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`no user for ${email}`);
  return { email: email.toLowerCase(), cookie, userId: user.id };
}

export async function completeProfile(app: FastifyInstance, userId: string, values: Partial<typeof profiles.$inferInsert> = {}) {
  await app.ctx.db
    .insert(profiles)
    .values({
      userId,
      fullName: "Dana Wells",
      company: "Northside Clinics",
      industry: "healthcare",
      profileCompleted: true,
      ...values,
    })
    .onConflictDoUpdate({ target: profiles.userId, set: { profileCompleted: true, ...values } });
}

export async function newProject(app: FastifyInstance, who: Customer): Promise<{ id: string; projectCode: string }> {
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
