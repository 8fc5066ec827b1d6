import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openForFile } from "../../../tests/setup/per-file";
import { codeIn, startSmtpServer } from "../../../tests/setup/smtp";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { outgoingEmails } from "../db/schema";
import { purgeOldEmailBodies } from "./worker";

describe("email through a real SMTP server", () => {
  const smtp = openForFile(() => startSmtpServer());
  const t = openForFile(() => createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Blueprint <no-reply@blueprint.test>" }));

  it("does not serve /dev/mailbox when SMTP_URL is set, even outside production", async () => {
    expect(t.app.ctx.config.env).toBe("test");
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox.json" })).statusCode).toBe(404);
  });

  it("delivers the sign-in code with a plain-text and an HTML part", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "smtp@example.com", name: "Sam <b>Tp</b>" },
    });
    const mail = await smtp.waitFor((m) => m.to === "smtp@example.com");
    const code = codeIn(mail.text);
    expect(mail.subject).toBe("Your Blueprint sign-in code");
    expect(mail.from).toBe("no-reply@blueprint.test");
    expect(mail.text).toContain(code);
    expect(mail.text).toContain("Blueprint");
    expect(mail.text).toContain("10 minutes");
    expect(mail.html).toContain(code);
    // What the user typed is escaped in the HTML part.
    expect(mail.html).toContain("Sam &lt;b&gt;Tp&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Tp</b>");
  });

  it("keeps the metadata of a delivered message but not its body (codes do not stay in the database)", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "purged@example.com", name: "Pur Ged" },
    });
    await smtp.waitFor((m) => m.to === "purged@example.com");
    await t.app.emailWorker.drain();
    const [row] = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, "purged@example.com"));
    expect(row).toMatchObject({ status: "sent", kind: "sign-in-code", subject: "Your Blueprint sign-in code" });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.textBody).toBe("");
    expect(row?.htmlBody).toBe("");
  });

  it("keeps a message queued when the server refuses it, and delivers it on a later attempt", async () => {
    smtp.failNext(1);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "retry@example.com", name: "Re Try" },
    });
    await t.app.emailWorker.drain();
    const [queued] = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, "retry@example.com"));
    expect(queued?.status).toBe("pending");
    expect(queued?.attempts).toBe(1);
    expect(queued?.lastError).toBeTruthy();

    // Make the retry due now instead of after the back-off.
    await t.app.ctx.db
      .update(outgoingEmails)
      .set({ nextAttemptAt: new Date() })
      .where(eq(outgoingEmails.toAddress, "retry@example.com"));
    await t.app.emailWorker.drain();
    await smtp.waitFor((m) => m.to === "retry@example.com");
    const [sent] = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, "retry@example.com"));
    expect(sent?.status).toBe("sent");
    expect(sent?.attempts).toBe(2);
  });
});

describe("outbox mode (no SMTP_URL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("stores the message and shows it, escaped, at /dev/mailbox", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "box@example.com", name: "<script>x</script>" },
    });
    await t.app.emailWorker.drain();
    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Your Blueprint sign-in code");
    expect(page.body).toMatch(/ {4}\d{6}\n/);
    expect(page.body).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(page.body).not.toContain("<script>x</script>");
  });

  it("empties the bodies of outbox messages done for a day, keeping their metadata", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "old.box@example.com", name: "Old Box" },
    });
    await t.app.emailWorker.drain();
    const mine = eq(outgoingEmails.toAddress, "old.box@example.com");
    await purgeOldEmailBodies(t.app.ctx.db);
    expect((await t.app.ctx.db.select().from(outgoingEmails).where(mine))[0]?.textBody).toContain("Old Box");
    await t.app.ctx.db
      .update(outgoingEmails)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(mine);
    await purgeOldEmailBodies(t.app.ctx.db);
    const [row] = await t.app.ctx.db.select().from(outgoingEmails).where(mine);
    expect(row).toMatchObject({ textBody: "", htmlBody: "", status: "sent", subject: "Your Blueprint sign-in code" });
  });

  it("hides /dev/mailbox in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", DEMO_EMAIL: "", SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      expect((await prod.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
