// Replies by email as an attacker sends them: a forged From with a stranger's envelope and no DKIM, a DKIM signature
// of the attacker's own domain, a forged Authentication-Results from a host that is not a trusted relay, the same
// message twice, an expired or undated reply address. Each refusal is a 5xx and stores nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { communicationReplies } from "../../src/server/db/schema";
import { replyAddress } from "../../src/server/email/reply-address";
import type { CommunicationId } from "../../src/shared/domain/ids";
import type { Customer } from "../factories";
import { expectAppUnchanged } from "../setup/db-state";
import { dkimDomain, dkimResolver, type InboundMessage, sendInbound } from "../setup/dkim";
import { customerThread } from "../setup/reply-thread";
import { createTestApp, type TestApp } from "../setup/test-app";
import { TEST_ENV } from "../setup/test-env";

const DOMAIN = "replies.blueprint.test";
const RELAY = "127.0.0.2";
const customerDomain = dkimDomain("customer-a.example");
/** A dmarc=pass the sender wrote itself, under the customer's own mail host's name. */
const FORGED_PASS = { "Authentication-Results": "mx.customer-a.example; dmarc=pass header.from=customer-a.example" };
const attackerDomain = dkimDomain("attacker.example");
let t: TestApp;
let owner: Customer;
let threadId: CommunicationId;
let to: string;

/** A message to the thread's reply address unless it names another. */
type Message = Omit<InboundMessage, "to"> & { to?: string };
const send = (message: Message, signer = customerDomain as typeof customerDomain | null) =>
  sendInbound(t.app.inboundEmail?.port, { to, ...message }, signer);
/** Refused with `code` and nothing stored. */
async function refused(message: Message, signer: typeof customerDomain | null, code = 550) {
  await expectAppUnchanged(t.app, () => expect(send(message, signer)).rejects.toMatchObject({ responseCode: code }));
}
const replies = () => t.app.ctx.db.select().from(communicationReplies).where(eq(communicationReplies.communicationId, threadId));

beforeAll(async () => {
  t = await createTestApp(
    {
      INBOUND_SMTP_PORT: "0",
      REPLY_DOMAIN: DOMAIN,
      INBOUND_TRUSTED_RELAYS: `${RELAY}, 10.0.0.0/8`,
      INBOUND_AUTHSERV_ID: "mx.blueprint.test",
      HOST: "0.0.0.0",
    },
    { dnsResolver: dkimResolver([customerDomain, attackerDomain]) },
  );
  ({ owner, threadId, to } = await customerThread(t.app, DOMAIN));
});
afterAll(async () => {
  await t?.close();
});

describe("who may reply by email", () => {
  it("refuses the customer's From with a stranger's envelope sender and no DKIM signature (the reported attack)", async () => {
    await refused(
      { from: `"Olga Owner" <${owner.email}>`, envelopeFrom: "mallory@attacker.example", text: "Send the refund to IBAN X" },
      null,
    );
  });

  it("refuses a valid DKIM signature of another domain than the From address's", async () => {
    await refused({ from: owner.email, envelopeFrom: "mallory@attacker.example", text: "Send it to IBAN X" }, attackerDomain);
  });

  it("refuses a signature that claims the customer's domain but was made with another key", async () => {
    await refused({ from: owner.email, text: "Hello" }, { ...customerDomain, privateKey: attackerDomain.privateKey });
  });

  it("refuses a forged 'dmarc=pass' from a host that is not a trusted relay", async () => {
    await refused({ from: owner.email, text: "Trust me", headers: FORGED_PASS }, null);
  });

  it("refuses a dmarc=pass through the trusted relay under another authserv-id than the relay's (the sender wrote it)", async () => {
    await refused({ from: owner.email, text: "Forwarded with my own verdict", localAddress: RELAY, headers: FORGED_PASS }, null);
  });

  it("accepts a trusted relay's dmarc=pass, and refuses its dmarc=fail", async () => {
    await refused(
      {
        from: owner.email,
        text: "Relay says fail",
        localAddress: RELAY,
        headers: { "Authentication-Results": "mx.blueprint.test; dmarc=fail header.from=customer-a.example" },
      },
      null,
    );
    await send(
      {
        from: owner.email,
        text: "Relayed and checked",
        localAddress: RELAY,
        headers: {
          "Authentication-Results": "mx.blueprint.test; dkim=pass; dmarc=pass (p=reject) header.from=customer-a.example",
        },
      },
      null,
    );
    expect((await replies()).map((r) => r.content)).toContain("Relayed and checked");
  });

  it("accepts the customer's own DKIM-signed reply once, however often the same message arrives", async () => {
    const message = { from: owner.email, text: "Paid today.", messageId: "<paid-1@customer-a.example>" };
    await send(message);
    await send(message);
    await send(message);
    expect((await replies()).filter((r) => r.content === "Paid today.")).toHaveLength(1);
    // A new Message-ID is a new reply, even with the same text.
    await send({ ...message, messageId: "<paid-2@customer-a.example>" });
    expect((await replies()).filter((r) => r.content === "Paid today.")).toHaveLength(2);
  });
});

describe("the reply address", () => {
  it("expires 90 days after it was issued, and an address without an issue day is refused", async () => {
    const old = replyAddress({
      secretKey: t.app.ctx.config.secretKey,
      domain: DOMAIN,
      threadId,
      recipient: owner.email,
      issuedAt: new Date(Date.now() - 91 * 86_400_000),
    });
    await refused({ from: owner.email, to: old, text: "late" }, customerDomain);
    const local = to.split("@")[0] ?? "";
    const undated = `${local.slice(0, local.indexOf("-") + 1)}${local.slice(-20)}@${DOMAIN}`;
    await refused({ from: owner.email, to: undated, text: "undated" }, customerDomain);
  });
});

describe("the listener", () => {
  it("binds to loopback even when the web server listens on every interface", () => {
    expect(t.app.inboundEmail?.host).toBe("127.0.0.1");
    const config = loadConfig({ ...TEST_ENV, HOST: "0.0.0.0", INBOUND_SMTP_PORT: "2525", REPLY_DOMAIN: DOMAIN });
    expect(config.inboundEmail?.host).toBe("127.0.0.1");
    expect(
      loadConfig({ ...TEST_ENV, INBOUND_SMTP_PORT: "25", REPLY_DOMAIN: DOMAIN, INBOUND_SMTP_HOST: "0.0.0.0" }).inboundEmail?.host,
    ).toBe("0.0.0.0");
  });
});
