// Issue 26, item 7: a company reply sent by email was not in the admin audit log (auditing hung on HTTP routes only).
// A company reply is audited where it happens (postReply), so the portal and the emailed reply each leave one entry.
import { beforeAll, describe, expect, it } from "vitest";
import { type Customer, json } from "../../../../tests/factories";
import { dkimDomain, dkimResolver, sendInbound } from "../../../../tests/setup/dkim";
import { openForFile } from "../../../../tests/setup/per-file";
import { ownerThread } from "../../../../tests/setup/reply-thread";
import { startSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { replyAddress } from "../../email/reply-address";

const DOMAIN = "replies.blueprint.test";
const ADMIN = "admin@blueprint.local";
const smtp = openForFile(() => startSmtpServer());
const t = openForFile(() =>
  createTestApp(
    { SMTP_URL: smtp.url, INBOUND_SMTP_PORT: "0", REPLY_DOMAIN: DOMAIN },
    { dnsResolver: dkimResolver([signer, ownerSigner]) },
  ),
);
let admin: string;
let owner: Customer;
let project: { id: string; projectCode: string };
let threadId: string;
const signer = dkimDomain("blueprint.local");
const ownerSigner = dkimDomain("example.com");

type Entry = { action: string; actorEmail: string; changes: { field: string; before: unknown; after: unknown }[] };

async function projectAudit(): Promise<Entry[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/company/projects/${project.id}/audit?pageSize=100`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

beforeAll(async () => {
  admin = await signIn(t.app, ADMIN, "Ada Admin");
  ({ owner, project, threadId } = await ownerThread(
    t.app,
    { email: "audit-owner@example.com", name: "Ida Owner" },
    { subject: "Colours", content: "Can we use our brand blue?" },
  ));
});

describe("a company reply is audited whatever the channel", () => {
  it("a reply typed in the portal: one entry, channel portal", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/communications/${threadId}/replies`,
      payload: { content: "Yes, send us the hex code." },
      headers: { cookie: admin, ...json },
    });
    expect(res.statusCode, res.body).toBe(201);
    const entries = (await projectAudit()).filter((e) => JSON.stringify(e).includes("Yes, send us the hex code."));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: ADMIN, action: "communication.replied" });
    expect(entries[0]?.changes).toContainEqual({ field: "channel", before: null, after: "portal" });
  });

  it("a reply sent by email: in the audit log with who, the thread and the text", async () => {
    const address = replyAddress({ secretKey: t.app.ctx.config.secretKey, domain: DOMAIN, threadId, recipient: ADMIN });
    await sendInbound(t.app.inboundEmail?.port, { from: ADMIN, to: address, text: "Updated the palette.\n\n-- \nAda" }, signer);
    const entry = (await projectAudit()).find((e) => JSON.stringify(e).includes("Updated the palette."));
    expect(entry).toMatchObject({ actorEmail: ADMIN, action: "communication.replied" });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: "communicationId", before: null, after: threadId },
        { field: "channel", before: null, after: "email" },
        { field: "content", before: null, after: "Updated the palette." },
      ]),
    );
  });

  it("a customer's own reply by email is not a company action", async () => {
    const before = (await projectAudit()).length;
    const address = replyAddress({ secretKey: t.app.ctx.config.secretKey, domain: DOMAIN, threadId, recipient: owner.email });
    await sendInbound(t.app.inboundEmail?.port, { from: owner.email, to: address, text: "Thanks a lot!" }, ownerSigner);
    const thread = await t.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/communications`,
      headers: { cookie: owner.cookie },
    });
    expect(JSON.stringify(thread.json())).toContain("Thanks a lot!");
    expect((await projectAudit()).length).toBe(before);
  });
});
