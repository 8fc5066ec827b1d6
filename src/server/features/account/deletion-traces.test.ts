// Deleting an account leaves no personal data behind on other people's projects: an admin-level member who gave
// feedback and approved the owner's prototype is renamed "Deleted user" where the record must stay (the approval, the
// feedback history, the record /verify reads), and what need not stay goes (the address, IP and browser of the
// approval, the Stripe payloads and stored request answers that name them). The documents already sealed stay as they
// were issued; the certificate issued after the deletion no longer names them.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customer, json } from "../../../../tests/factories";
import { projectReadyToApprove } from "../../../../tests/setup/acceptance";
import { postFeedback } from "../../../../tests/setup/feedback";
import { pdfText } from "../../../../tests/setup/pdf-text";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, latestCodeFor, signIn } from "../../../../tests/setup/test-app";
import { projectAcceptances, projectMembers, stripeEvents } from "../../db/schema";
import { DELETED_AUTHOR } from "./delete-account";

const MEMBER_EMAIL = "mira.member@example.com";
const MEMBER_NAME = "Mira Memberson";
const MEMBER_IP = "203.0.113.77";
const MEMBER_BROWSER = "MiraBrowser/9.9 (personal device)";

const t = openForFile(() => createTestApp());
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

/**
 * Every row of every table in the public schema, as text: what a database dump would show. Emails already written to
 * other people are theirs (in their mailboxes; the copy here is emptied once handed to SMTP, or after a day).
 */
async function rowsMentioning(needle: string): Promise<string[]> {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables.filter((table) => table.name !== "outgoing_emails")) {
    const rows = await rowsOf<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(name)} t where strpos(lower(t::text), ${needle.toLowerCase()}) > 0`,
    );
    for (const { row } of rows) found.push(`${name}: ${row.slice(0, 300)}`);
  }
  return found;
}

describe("deleting the account of a member who approved someone else's project", () => {
  it("renames them in the approval, the feedback history and the verify record, and erases their address, IP, browser, Stripe payloads and stored answers", async () => {
    const owner = await customer(t.app, "olga.owner@example.com", "Olga Owner");
    const project = await projectReadyToApprove(t.app, { ownerId: owner.userId, adminCookie: admin, projectName: "Fjord" });

    const member = await customer(t.app, MEMBER_EMAIL, MEMBER_NAME);
    await t.app.ctx.db.insert(projectMembers).values({ projectId: project.id, email: MEMBER_EMAIL, accessLevel: "admin" });
    const sent = await postFeedback(t.app, project.id, member.cookie);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().history[0]).toMatchObject({ actorName: MEMBER_NAME });

    // The approval, sent as the client sends every write: with an Idempotency-Key, whose stored answer names them.
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/acceptance`,
      payload: { decision: "approve" },
      remoteAddress: MEMBER_IP,
      headers: { cookie: member.cookie, ...json, "user-agent": MEMBER_BROWSER, "idempotency-key": "approve-fjord-0001" },
    });
    expect(approved.statusCode).toBe(201);
    expect(approved.json().decidedBy.email).toBe(MEMBER_EMAIL);
    const certificate = (cookie: string) =>
      t.app.inject({ method: "GET", url: `/api/projects/${project.id}/acceptance/certificate`, headers: { cookie } });
    const sealedBefore = await certificate(owner.cookie);
    expect(sealedBefore.statusCode).toBe(200);
    expect(pdfText(sealedBefore.rawPayload)).toContain(MEMBER_NAME);

    // A card payment the member made: Stripe's event carries their address and name.
    await t.app.ctx.db.insert(stripeEvents).values({
      id: "evt_member_paid",
      type: "checkout.session.completed",
      payload: {
        id: "evt_member_paid",
        type: "checkout.session.completed",
        data: {
          object: { id: "cs_test_1", customer_email: MEMBER_EMAIL, customer_details: { email: MEMBER_EMAIL, name: MEMBER_NAME } },
        },
      },
      outcome: "applied: advance paid",
      processedAt: new Date(),
    });
    const before = await rowsMentioning(MEMBER_EMAIL);
    expect(before.some((row) => row.startsWith("project_acceptances:"))).toBe(true);
    expect(before.some((row) => row.startsWith("stripe_events:"))).toBe(true);
    expect(before.some((row) => row.startsWith("idempotent_requests:"))).toBe(true);

    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/me/deletion-code",
          payload: {},
          headers: { cookie: member.cookie, ...json },
        })
      ).statusCode,
    ).toBe(200);
    const deleted = await t.app.inject({
      method: "POST",
      url: "/api/me/delete",
      payload: { code: await latestCodeFor(t.app, MEMBER_EMAIL), confirm: "DELETE" },
      headers: { cookie: member.cookie, ...json },
    });
    expect(deleted.statusCode).toBe(200);

    // Nothing anywhere names them, or holds the IP and browser they approved from.
    for (const trace of [MEMBER_EMAIL, MEMBER_NAME, MEMBER_IP, MEMBER_BROWSER]) expect(await rowsMentioning(trace)).toEqual([]);

    // The records that must stay are still there, under "Deleted user".
    const [approval] = await t.app.ctx.db
      .select()
      .from(projectAcceptances)
      .where(sql`${projectAcceptances.projectId} = ${project.id}`);
    expect(approval).toMatchObject({ decision: "approve", userName: DELETED_AUTHOR, userId: null, ip: null, userAgent: null });
    const items = (
      await t.app.inject({ method: "GET", url: `/api/projects/${project.id}/feedback`, headers: { cookie: owner.cookie } })
    ).json().items;
    expect(items).toHaveLength(1);
    expect(items[0].history[0]).toMatchObject({ kind: "reported", actorName: DELETED_AUTHOR });
    const [event] = await t.app.ctx.db.select().from(stripeEvents).where(sql`${stripeEvents.id} = 'evt_member_paid'`);
    expect(event).toMatchObject({ type: "checkout.session.completed", outcome: "applied: advance paid" });

    // The owner's certificate is still issued, sealed, and names the approver only as a deleted user.
    const sealedAfter = await certificate(owner.cookie);
    expect(sealedAfter.statusCode).toBe(200);
    const text = pdfText(sealedAfter.rawPayload);
    expect(text).toContain(DELETED_AUTHOR);
    expect(text).not.toContain(MEMBER_NAME);
    expect(text).not.toContain(MEMBER_EMAIL);
    expect(text).not.toContain("()");
  });
});
