// The mail parsers run in a worker thread (issue 26, item 1): whatever a parser does, the server's thread carries on.
// A parser that throws where nothing catches it, or never returns, costs only the message that made it do so; the
// messages read beside it are read again and answered.
import { afterEach, describe, expect, it } from "vitest";
import { type MailParsing, MessageUnreadable, startMailParsing } from "../../src/server/features/inbound-email/mail-parsing";

const log = { error: () => {} };
const workerUrl = new URL("./fixtures/misbehaving-parse-worker.mjs", import.meta.url);
let parsing: MailParsing | undefined;
afterEach(async () => {
  await parsing?.close();
});

const settle = (promise: Promise<{ text: string }>) =>
  promise.then(
    (mail) => ({ ok: true as const, text: mail.text }),
    (error: Error) => ({ ok: false as const, unreadable: error instanceof MessageUnreadable }),
  );

describe("the mail parsers' worker", () => {
  it("refuses only the message that crashed it, and reads the ones in flight beside it again", async () => {
    const started = startMailParsing({ log, workerUrl });
    parsing = started;
    const outcomes = await Promise.all(
      ["first", "CRASH", "second", "third"].map((text) => settle(started.parse(Buffer.from(text)))),
    );
    expect(outcomes).toEqual([
      { ok: true, text: "first" },
      { ok: false, unreadable: true },
      { ok: true, text: "second" },
      { ok: true, text: "third" },
    ]);
    expect(await settle(started.parse(Buffer.from("after")))).toEqual({ ok: true, text: "after" });
  }, 120_000);

  it("ends a parser that never returns, refuses that message and goes on", async () => {
    const started = startMailParsing({ log, workerUrl, timeoutMs: 3_000 });
    parsing = started;
    const outcomes = await Promise.all(["HANG", "beside"].map((text) => settle(started.parse(Buffer.from(text)))));
    expect(outcomes).toEqual([
      { ok: false, unreadable: true },
      { ok: true, text: "beside" },
    ]);
    expect(await settle(started.parse(Buffer.from("later")))).toEqual({ ok: true, text: "later" });
  }, 120_000);
});
