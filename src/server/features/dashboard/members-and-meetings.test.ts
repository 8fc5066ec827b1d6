// What the dashboard reads for owners and members: the project list's firstMeetingAt (the kick-off meeting is done only
// once a meeting happened), no payments in a member's answer, and no NDA or invoices in a member's documents.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCompletedProfile, createProjectWithStatus, signedInUser } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp } from "../../../../tests/setup/test-app";
import { meetingRequests, projectMembers, projects } from "../../db/schema";

const t = openForFile(() => createTestApp());

let counter = 0;
async function ownerWithProject() {
  const owner = await signedInUser(t.app, { email: `dash-owner-${++counter}@example.com`, name: "Olive Owner" });
  await createCompletedProfile(t.app.ctx.db, { userId: owner.userId, ndaStatus: "approved" });
  const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "requirements" });
  return { owner, project };
}
/** The project list as the customer reads it, once the rows this test wrote directly have reached the read caches. */
const listFor = async (cookie: string) => {
  await t.app.changeFeed.caughtUp();
  return (await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } })).json().items as Array<
    Record<string, unknown>
  >;
};

describe("firstMeetingAt in the project list", () => {
  it("is null until a meeting is scheduled or completed, then the earliest such time", async () => {
    const { owner, project } = await ownerWithProject();
    const mine = async () => (await listFor(owner.cookie)).find((p) => p.id === project.id);
    expect((await mine())?.firstMeetingAt).toBeNull();

    await t.app.ctx.db.insert(meetingRequests).values({ projectId: project.id, subject: "Kick-off", status: "pending" });
    expect((await mine())?.firstMeetingAt).toBeNull();

    const ahead = new Date(Date.now() + 5 * 86_400_000);
    await t.app.ctx.db
      .insert(meetingRequests)
      .values({ projectId: project.id, subject: "Planned call", status: "scheduled", scheduledAt: ahead });
    expect((await mine())?.firstMeetingAt).toBe(ahead.toISOString());

    const held = new Date(Date.now() - 2 * 86_400_000);
    await t.app.ctx.db
      .insert(meetingRequests)
      .values({ projectId: project.id, subject: "Held call", status: "completed", scheduledAt: held });
    expect((await mine())?.firstMeetingAt).toBe(held.toISOString());
  });

  it("ignores cancelled meetings", async () => {
    const { owner, project } = await ownerWithProject();
    await t.app.ctx.db.insert(meetingRequests).values({
      projectId: project.id,
      subject: "Called off",
      status: "cancelled",
      scheduledAt: new Date(Date.now() - 86_400_000),
    });
    expect((await listFor(owner.cookie)).find((p) => p.id === project.id)?.firstMeetingAt).toBeNull();
  });
});

describe("a member's view of the project", () => {
  it("carries no payment amounts, links or invoices; the owner's does", async () => {
    const { owner, project } = await ownerWithProject();
    await t.app.ctx.db
      .update(projects)
      .set({
        advancePaymentAmount: "2500",
        advancePaymentLink: "https://pay.example/advance",
        balancePaymentAmount: "2500",
        finalInvoiceUrl: "https://billing.example/final.pdf",
      })
      .where(eq(projects.id, project.id));
    const member = await signedInUser(t.app, { email: `dash-member-${++counter}@example.com`, name: "Mia Member" });
    await t.app.ctx.db.insert(projectMembers).values({ projectId: project.id, email: member.email, accessLevel: "view_only" });

    const asOwner = (await listFor(owner.cookie)).find((p) => p.id === project.id);
    expect(asOwner).toMatchObject({ accessLevel: "owner", advancePaymentAmount: "2500.00" });
    const asMember = (await listFor(member.cookie)).find((p) => p.id === project.id);
    expect(asMember).toMatchObject({
      accessLevel: "view_only",
      advancePaymentAmount: null,
      advancePaymentLink: null,
      balancePaymentAmount: null,
      finalInvoiceUrl: null,
    });

    const documents = async (cookie: string) =>
      (
        (
          await t.app.inject({ method: "GET", url: `/api/projects/${project.id}/documents`, headers: { cookie } })
        ).json() as Array<{
          kind: string;
        }>
      ).map((document) => document.kind);
    expect(await documents(owner.cookie)).toEqual(["signed_nda", "brief", "brd", "final_invoice"]);
    expect(await documents(member.cookie)).toEqual(["brief", "brd"]);
  });
});
