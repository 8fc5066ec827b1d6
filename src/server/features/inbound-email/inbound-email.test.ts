import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type Customer, customer, json, newProject } from "../../../../tests/factories";
import { dkimDomain, dkimResolver, type InboundMessage, sendInbound } from "../../../../tests/setup/dkim";
import { openForFile } from "../../../../tests/setup/per-file";
import { ownerThread, postThread, startGeneralThread } from "../../../../tests/setup/reply-thread";
import { startSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { outgoingEmails, users } from "../../db/schema";
import {
  isReplyAddressCurrent,
  parseReplyAddress,
  REPLY_ADDRESS_LIFETIME_DAYS,
  replyAddress,
  signatureMatches,
} from "../../email/reply-address";
import { INBOUND_REPLY_LIMITS, MAX_MESSAGE_BYTES } from "./inbound-server";
import { STRIP_LIMITS, stripQuotedReply } from "./strip-quoted";

const DOMAIN = "replies.blueprint.test";
const smtp = openForFile(() => startSmtpServer());
const t = openForFile(() =>
  createTestApp({ SMTP_URL: smtp.url, INBOUND_SMTP_PORT: "0", REPLY_DOMAIN: DOMAIN }, { dnsResolver: dkimResolver(signers) }),
);
let admin: string;
let owner: Customer;
let project: { id: string; projectCode: string };
let threadId: string;

// Every sender domain here signs its mail with DKIM, as the big mail providers do.
const signers = [dkimDomain("example.com"), dkimDomain("blueprint.local")];

/** Sends the message signed by its From domain's key. */
function sendInto(message: InboundMessage) {
  const domain = message.from.replace(/>$/, "").split("@").pop()?.toLowerCase();
  const signer = signers.find((s) => s.domain === domain) ?? null;
  return sendInbound(t.app.inboundEmail?.port, message, signer);
}

beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  ({ owner, project, threadId } = await ownerThread(
    t.app,
    { email: "inbound-owner@example.com", name: "Ida Owner" },
    { subject: "Colours", content: "Can we use our brand blue?" },
  ));
});

describe("replying to a notification email", () => {
  it("the admin's answer reaches the customer with a signed Reply-To; their emailed reply lands in the thread", async () => {
    await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/communications/${threadId}/replies`,
      payload: { content: "Yes — send us the hex code." },
      headers: { cookie: admin, ...json },
    });
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === owner.email && m.subject === `Re: [${project.projectCode}] Colours`);
    const replyTo = mail.raw.replyTo?.value[0]?.address ?? "";
    expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{26}-[a-z2-7]{24}@${DOMAIN.replace(/\./g, "\\.")}$`));
    expect(replyTo.split("@")[0]?.length).toBeLessThanOrEqual(64);
    expect(mail.text).toContain("Reply to this email to answer in the thread");

    await sendInto({
      from: `"Ida Owner" <${owner.email.toUpperCase()}>`,
      to: replyTo,
      text: "It's #1E40AF.\nThanks!\n\nOn Mon, 23 Nov 2026 at 10:00, Blueprint <no-reply@blueprint.local>\nwrote:\n> Yes — send us the hex code.\n> Earlier text",
    });
    const threads = (
      await t.app.inject({ method: "GET", url: `/api/projects/${project.id}/communications`, headers: { cookie: admin } })
    ).json().items;
    const thread = threads.find((x: { id: string }) => x.id === threadId);
    expect(thread.replies.at(-1)).toMatchObject({
      content: "It's #1E40AF.\nThanks!",
      source: "email",
      fromCompany: false,
      authorName: "Ida Owner",
    });
    // The company is told like for a reply typed in the portal.
    const [toAdmin] = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.toAddress, "admin@blueprint.local"))
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    expect(toAdmin?.kind).toBe("communication-reply");
    expect(toAdmin?.textBody).toContain("It's #1E40AF.");
    expect(toAdmin?.replyTo).toMatch(/^reply\+/);
  });

  it("in a general support thread only its customer and the company answer by email", async () => {
    const nell = await customer(t.app, "inbound-newcomer@example.com", "Nell Newcomer");
    const generalId = await startGeneralThread(t.app, {
      cookie: nell.cookie,
      subject: "Before my NDA",
      content: "A question first.",
    });
    const address = (recipient: string) =>
      replyAddress({ secretKey: t.app.ctx.config.secretKey, domain: DOMAIN, threadId: generalId, recipient });

    await sendInto({ from: "admin@blueprint.local", to: address("admin@blueprint.local"), text: "Ask away." });
    await sendInto({ from: nell.email, to: address(nell.email), text: "Do you sign our NDA?" });
    // Another customer (the project owner here) holds no part in it, even with a signed address.
    await expect(sendInto({ from: owner.email, to: address(owner.email), text: "Me too" })).rejects.toMatchObject({
      responseCode: 550,
    });
    const [thread] = (
      await t.app.inject({ method: "GET", url: "/api/projects/general/communications", headers: { cookie: nell.cookie } })
    ).json().items;
    expect(thread.replies.map((r: { content: string; fromCompany: boolean }) => [r.content, r.fromCompany])).toEqual([
      ["Ask away.", true],
      ["Do you sign our NDA?", false],
    ]);
  });

  it("the admin can answer by email too", async () => {
    const address = replyAddress({
      secretKey: t.app.ctx.config.secretKey,
      domain: DOMAIN,
      threadId,
      recipient: "admin@blueprint.local",
    });
    await sendInto({ from: "admin@blueprint.local", to: address, text: "Great, updated.\n\n-- \nAda" });
    const threads = (
      await t.app.inject({ method: "GET", url: `/api/projects/${project.id}/communications`, headers: { cookie: owner.cookie } })
    ).json().items;
    expect(threads[0].replies.at(-1)).toMatchObject({
      content: "Great, updated.",
      fromCompany: true,
      source: "email",
      mine: false,
    });
  });

  it("refuses unsigned, forged, unexpected-sender and oversized mail, and never creates an account", async () => {
    const [before] = await t.app.ctx.db.select({ n: count() }).from(users);
    const good = replyAddress({ secretKey: t.app.ctx.config.secretKey, domain: DOMAIN, threadId, recipient: owner.email });
    await expect(sendInto({ from: "stranger@example.com", to: good, text: "hi" })).rejects.toMatchObject({ responseCode: 550 });
    await expect(sendInto({ from: owner.email, to: `reply+nothing@${DOMAIN}`, text: "hi" })).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(sendInto({ from: owner.email, to: good.replace(DOMAIN, "other.test"), text: "hi" })).rejects.toMatchObject({
      responseCode: 550,
    });
    const forged = `${good.slice(0, good.indexOf("-") + 1)}${"a".repeat(24)}@${DOMAIN}`;
    await expect(sendInto({ from: owner.email, to: forged, text: "hi" })).rejects.toMatchObject({ responseCode: 550 });
    await expect(sendInto({ from: owner.email, to: good, text: "x".repeat(MAX_MESSAGE_BYTES + 10) })).rejects.toMatchObject({
      responseCode: 552,
    });
    await expect(sendInto({ from: owner.email, to: good, text: "> only quoted text" })).rejects.toMatchObject({
      responseCode: 550,
    });
    // A stranger who was once sent a (validly signed) address for this thread still may not write in it.
    const strangers = replyAddress({
      secretKey: t.app.ctx.config.secretKey,
      domain: DOMAIN,
      threadId,
      recipient: "nobody@example.com",
    });
    await expect(sendInto({ from: "nobody@example.com", to: strangers, text: "let me in" })).rejects.toMatchObject({
      responseCode: 550,
    });
    const [after] = await t.app.ctx.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it("tells a sender who floods a thread to come back later (451), and adds nothing more", async () => {
    const flooder = await customer(t.app, "inbound-flood@example.com", "Flo Odd");
    const theirs = await newProject(t.app, flooder);
    const started = await postThread(t.app, {
      projectId: theirs.id,
      cookie: flooder.cookie,
      subject: "Loop",
      content: "An autoresponder is about to answer this.",
    });
    const thread: string = started.json().id;
    const to = replyAddress({
      secretKey: t.app.ctx.config.secretKey,
      domain: DOMAIN,
      threadId: thread,
      recipient: flooder.email,
    });
    const { max } = INBOUND_REPLY_LIMITS.perSenderShort;
    for (let i = 0; i < max; i++) await sendInto({ from: flooder.email, to, text: `Reply number ${i}` });
    await expect(sendInto({ from: flooder.email, to, text: "One too many" })).rejects.toMatchObject({ responseCode: 451 });
    // Every reply in the thread, read through the paged replies route (a thread view carries only its newest).
    const replies = (
      await t.app.inject({
        method: "GET",
        url: `/api/projects/${theirs.id}/communications/${thread}/replies?pageSize=100`,
        headers: { cookie: flooder.cookie },
      })
    ).json();
    expect(replies.total).toBe(max);
    expect(replies.items.map((r: { content: string }) => r.content)).not.toContain("One too many");
    expect(replies.items).toHaveLength(max);
  });
});

describe("the reply address", () => {
  it("names the thread and is bound to the recipient, whatever the case", () => {
    const threadId = "0b6f3a2e-93c4-4a8e-9a51-2f7c0d1e4b5a";
    const address = replyAddress({ secretKey: "k".repeat(40), domain: DOMAIN, threadId, recipient: "Pat@Example.com" });
    const parsed = parseReplyAddress(address.toUpperCase().replace(DOMAIN.toUpperCase(), DOMAIN), DOMAIN);
    if (!parsed || parsed === "undated") throw new Error("the address did not parse");
    expect(parsed.threadId).toBe(threadId);
    expect(signatureMatches({ secretKey: "k".repeat(40), parsed, sender: "pat@example.com" })).toBe(true);
    expect(signatureMatches({ secretKey: "k".repeat(40), parsed, sender: "eve@example.com" })).toBe(false);
    expect(signatureMatches({ secretKey: "other-key".repeat(5), parsed, sender: "pat@example.com" })).toBe(false);
    // The issue day is signed: moving it forward breaks the signature.
    expect(
      signatureMatches({
        secretKey: "k".repeat(40),
        parsed: { ...parsed, issuedDay: parsed.issuedDay + 30 },
        sender: "pat@example.com",
      }),
    ).toBe(false);
  });

  it(`lives ${REPLY_ADDRESS_LIFETIME_DAYS} days from the day it was issued`, () => {
    const threadId = "0b6f3a2e-93c4-4a8e-9a51-2f7c0d1e4b5a";
    const issuedAt = new Date("2026-01-01T12:00:00Z");
    const address = replyAddress({ secretKey: "k".repeat(40), domain: DOMAIN, threadId, recipient: "pat@example.com", issuedAt });
    const parsed = parseReplyAddress(address, DOMAIN);
    if (!parsed || parsed === "undated") throw new Error("the address did not parse");
    const day = (n: number) => new Date(issuedAt.getTime() + n * 86_400_000);
    expect(isReplyAddressCurrent(parsed, day(0))).toBe(true);
    expect(isReplyAddressCurrent(parsed, day(REPLY_ADDRESS_LIFETIME_DAYS))).toBe(true);
    expect(isReplyAddressCurrent(parsed, day(REPLY_ADDRESS_LIFETIME_DAYS + 1))).toBe(false);
    expect(isReplyAddressCurrent(parsed, day(-2))).toBe(false);
    // Addresses issued before they carried a day are recognised, and refused as expired.
    expect(parseReplyAddress(`reply+${"a".repeat(26)}-${"b".repeat(20)}@${DOMAIN}`, DOMAIN)).toBe("undated");
  });
});

describe("stripping quoted text", () => {
  it.each([
    ["Thanks!\n\nOn Tue, Nov 24, 2026 at 9:00 AM Blueprint <x@y.z> wrote:\n> old", "Thanks!"],
    ["Sounds good\r\n\r\n-----Original Message-----\r\nFrom: a", "Sounds good"],
    ["Yes.\n\nFrom: Blueprint <no-reply@blueprint.local>\nSent: Monday\nTo: me", "Yes."],
    ["Fine\n\nSent from my iPhone", "Fine"],
    ["Line one\nLine two\n-- \nSig", "Line one\nLine two"],
    ["Le lun. 23 nov. 2026, Blueprint a écrit :\n> x", ""],
    ["Keep > inside a line\nand this", "Keep > inside a line\nand this"],
  ])("%j", (input, expected) => {
    expect(stripQuotedReply(input)).toBe(expected);
  });

  it("reads hostile input in bounded pieces: each pattern sees at most two lines of bounded length, once per line", () => {
    // What keeps the time linear whatever a sender writes: the text is cut at maxChars, every pattern runs on at most
    // two lines cut at maxLineChars, a fixed number of times per line. Counted, not timed: a pattern run over the
    // whole text, or over an uncut line, shows here on any machine.
    const { maxChars, maxLineChars } = STRIP_LIMITS;
    const header = `From: Someone <someone@example.com>\nNot a header line\n${"y".repeat(50_000)}\n`;
    const hostile = header + `On ${"a ".repeat(30_000)}\n`.repeat(3) + "On ".repeat(20_000);
    const runs: { pattern: string; length: number }[] = [];
    const exec = RegExp.prototype.exec;
    const spy = vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, input: string) {
      runs.push({ pattern: this.source, length: String(input).length });
      return exec.call(this, input);
    });
    let kept: string;
    try {
      kept = stripQuotedReply(hostile);
    } finally {
      spy.mockRestore();
    }
    const lines = hostile.slice(0, maxChars).split("\n").length;
    const onLines = runs.filter((run) => run.pattern !== "\\r\\n?");
    expect(onLines.length).toBeGreaterThan(0);
    expect(onLines.length).toBeLessThanOrEqual(8 * lines);
    expect(Math.max(...onLines.map((run) => run.length))).toBeLessThanOrEqual(2 * maxLineChars + 1);
    expect(Math.max(...runs.map((run) => run.length))).toBeLessThanOrEqual(maxChars);
    // What is kept is cut the same way: no line longer than maxLineChars, nothing past maxChars.
    expect(kept.length).toBeLessThanOrEqual(maxChars);
    expect(Math.max(...kept.split("\n").map((line) => line.length))).toBeLessThanOrEqual(maxLineChars);
  });
});
