// One email must not stop the portal (issue 26, item 1). The reported message (a From header that is a long run of
// `x:x:x:…`, which made the mail parser recurse until the stack overflowed and the process exit) and a generated set of
// malformed messages (headers, encodings, MIME trees, sizes) go through the real SMTP endpoint: each is answered with
// 250 or a 4xx/5xx, /readyz answers throughout, and a genuine reply is still accepted afterwards.
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communicationReplies } from "../../src/server/db/schema";
import { MAX_MESSAGE_BYTES } from "../../src/server/features/inbound-email/inbound-server";
import type { CommunicationId } from "../../src/shared/domain/ids";
import type { Customer } from "../factories";
import { dkimDomain, dkimResolver, sendInbound } from "../setup/dkim";
import { customerThread } from "../setup/reply-thread";
import { createTestApp, type TestApp } from "../setup/test-app";

const DOMAIN = "replies.blueprint.test";
const customerDomain = dkimDomain("customer-a.example");
let t: TestApp;
let owner: Customer;
let threadId: CommunicationId;
let to: string;

beforeAll(async () => {
  t = await createTestApp({ INBOUND_SMTP_PORT: "0", REPLY_DOMAIN: DOMAIN }, { dnsResolver: dkimResolver([customerDomain]) });
  ({ owner, threadId, to } = await customerThread(t.app, DOMAIN));
});
afterAll(async () => {
  await t?.close();
});

type Outcome = { accepted: true } | { accepted: false; responseCode: number | undefined; message: string };

/** Sends raw bytes to the reply address through the real SMTP endpoint; the SMTP answer, whatever it is. */
async function sendRaw(raw: Buffer | string): Promise<Outcome> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: t.app.inboundEmail?.port, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from: owner.email, to }, raw });
    return { accepted: true };
  } catch (error) {
    const { responseCode, message } = error as { responseCode?: number; message: string };
    return { accepted: false, responseCode, message };
  } finally {
    transport.close();
  }
}

const crlf = (lines: string[]) => `${lines.join("\r\n")}\r\n`;
const head = (from: string, extra: string[] = []) => [
  `From: ${from}`,
  `To: ${to}`,
  "Subject: Re: Invoice",
  "MIME-Version: 1.0",
  ...extra,
];

/** The reported message: about 6 KB, a From header that is a long run of `x:x:x:…`. */
const reported = () => crlf([...head(`${"x:".repeat(3000)}x`), "", "Hello"]);

function nested(depth: number, kind: "multipart" | "rfc822"): string {
  let inner = crlf(["Content-Type: text/plain", "", "deep"]);
  for (let level = 0; level < depth; level++) {
    inner =
      kind === "multipart"
        ? crlf([`Content-Type: multipart/mixed; boundary="b${level}"`, "", `--b${level}`, inner, `--b${level}--`])
        : crlf(["Content-Type: message/rfc822", "", `From: a${level}@example.com`, inner]);
  }
  return inner;
}

/** At least 200 malformed messages: every hostile From/header variant crossed with every hostile body. */
function malformedMessages(): Array<{ name: string; raw: Buffer }> {
  const froms: Array<[string, string]> = [
    ["x:x run", `${"x:".repeat(3000)}x`],
    ["x:x run with owner", `${"x:".repeat(2000)}${owner.email}`],
    ["groups", `${"a:".repeat(500)}${";".repeat(500)}`],
    ["angle brackets", `${"<".repeat(4000)}${owner.email}${">".repeat(4000)}`],
    ["comments", `${"(".repeat(4000)}${owner.email}`],
    ["quotes", `${'"'.repeat(3001)}${owner.email}`],
    ["encoded word junk", `=?utf-8?B?${"*".repeat(3000)}?= <${owner.email}>`],
    ["unknown charset", `=?x-no-such-charset?Q?=FF=FE=00?= <${owner.email}>`],
    ["many addresses", Array.from({ length: 2000 }, (_, i) => `u${i}@example.com`).join(", ")],
    ["empty", ""],
    ["nul bytes", `Olga\u0000Owner <${owner.email}\u0000>`],
    ["8-bit", `\u00ff\u00fe\u00fd <${owner.email}>`],
    ["escaped run", `${"\\".repeat(5000)}${owner.email}`],
    ["at signs", `${"@".repeat(5000)}`],
    ["owner", `Olga Owner <${owner.email}>`],
  ];
  const bodies: Array<[string, (from: string) => string]> = [
    ["plain", (from) => crlf([...head(from), "", "Hello"])],
    ["headers only", (from) => crlf(head(from)).slice(0, -2)],
    ["no colon header", (from) => crlf([...head(from, ["this is not a header", " folded\tcontinuation only"]), "", "x"])],
    [
      "bad base64",
      (from) =>
        crlf([
          ...head(from, ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64"]),
          "",
          "*&^%$#@!===",
        ]),
    ],
    [
      "bad quoted-printable and odd utf-16",
      (from) =>
        crlf([
          ...head(from, ["Content-Type: text/plain; charset=utf-16", "Content-Transfer-Encoding: quoted-printable"]),
          "",
          "=ZZ=F=\u00ff=0",
        ]),
    ],
    [
      "unclosed boundary",
      (from) =>
        crlf([...head(from, ['Content-Type: multipart/mixed; boundary="zz"']), "", "--zz", "Content-Type: text/plain", "", "a"]),
    ],
    [
      "empty boundary",
      (from) => crlf([...head(from, ['Content-Type: multipart/alternative; boundary=""']), "", "--", "--", "a"]),
    ],
    ["deep multipart tree", (from) => crlf([...head(from), ""]).slice(0, -2) + nested(300, "multipart")],
    ["deep rfc822 tree", (from) => crlf([...head(from), ""]).slice(0, -2) + nested(300, "rfc822")],
    [
      "many parts",
      (from) =>
        crlf([
          ...head(from, ['Content-Type: multipart/mixed; boundary="p"']),
          "",
          ...Array.from({ length: 1500 }, (_, i) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${i}`),
          "--p--",
        ]),
    ],
    [
      "rfc2231 params",
      (from) =>
        crlf([
          ...head(from, [
            `Content-Type: text/plain; ${Array.from({ length: 800 }, (_, i) => `name*${i * 97}*=utf-8''%FF%${i}`).join("; ")}`,
            "Content-Disposition: attachment; filename*99999999999=x",
          ]),
          "",
          "x",
        ]),
    ],
    ["long line at the size limit", (from) => crlf([...head(from), "", "a".repeat(MAX_MESSAGE_BYTES - 20_000)])],
    ["over the size limit", (from) => crlf([...head(from), "", "b".repeat(MAX_MESSAGE_BYTES + 10)])],
    ["long header", (from) => crlf([...head(from, [`X-Long: ${"y".repeat(150_000)}`]), "", "x"])],
  ];
  return froms.flatMap(([fromName, from]) =>
    bodies.map(([bodyName, body]) => ({ name: `${fromName} / ${bodyName}`, raw: Buffer.from(body(from), "latin1") })),
  );
}

describe("a message the parser cannot take does not stop the portal", () => {
  it("refuses the reported x:x:x From header with a 5xx and stays up", async () => {
    const raw = reported();
    expect(raw.length).toBeGreaterThan(5_000);
    const outcome = await sendRaw(raw);
    expect(outcome).toMatchObject({ accepted: false });
    expect((outcome as { responseCode: number }).responseCode).toBeGreaterThanOrEqual(500);
    expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200);
  }, 120_000);

  it("answers every one of 200+ malformed messages with an SMTP code while /readyz keeps answering", async () => {
    const messages = malformedMessages();
    expect(messages.length).toBeGreaterThanOrEqual(200);
    const readiness: number[] = [];
    let sending = true;
    const probe = (async () => {
      while (sending) {
        readiness.push(
          await t.app.inject({ url: "/readyz" }).then(
            (response) => response.statusCode,
            () => 0,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const unanswered: string[] = [];
    for (let i = 0; i < messages.length; i += 4) {
      const batch = messages.slice(i, i + 4);
      const outcomes = await Promise.all(batch.map((message) => sendRaw(message.raw)));
      outcomes.forEach((outcome, index) => {
        const code = outcome.accepted ? 250 : outcome.responseCode;
        if (!code || code < 250 || code >= 600 || (code >= 300 && code < 400)) {
          unanswered.push(`${batch[index]?.name}: ${outcome.accepted ? "" : outcome.message}`);
        }
      });
    }
    sending = false;
    await probe;
    expect(unanswered).toEqual([]);
    expect(readiness.length).toBeGreaterThan(0);
    expect(readiness.every((status) => status === 200)).toBe(true);
  }, 900_000);

  it("still accepts a genuine, signed reply afterwards", async () => {
    const before = await t.app.ctx.db
      .select()
      .from(communicationReplies)
      .where(eq(communicationReplies.communicationId, threadId));
    await sendInbound(t.app.inboundEmail?.port, { from: owner.email, to, text: "Paid today, thanks." }, customerDomain);
    const after = await t.app.ctx.db
      .select()
      .from(communicationReplies)
      .where(eq(communicationReplies.communicationId, threadId));
    expect(after.length).toBe(before.length + 1);
    expect(after.map((reply) => reply.content)).toContain("Paid today, thanks.");
  });
});
