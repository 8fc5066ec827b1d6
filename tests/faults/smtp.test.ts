// SMTP faults: the relay down for a while, answering 4xx, answering 5xx. The request that queued the email succeeds
// anyway, the email waits in outgoing_emails, and it is delivered exactly once when the relay takes it.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outgoingEmails } from "../../src/server/db/schema";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let smtp: TestSmtpServer;
let port: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  port = Number(new URL(smtp.url).port);
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  smtp.failNext(0);
});

const requestCode = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/request-code", payload: { email, name: "Mail Reader" } });

/** Lets the back-off pass (the worker waits 15 s, then 30 s...) and runs the worker, as its timer would. */
async function retryDueNow(): Promise<void> {
  await t.app.ctx.db.update(outgoingEmails).set({ nextAttemptAt: sql`now()` }).where(eq(outgoingEmails.status, "pending"));
  await t.app.emailWorker.drain();
}

const rowsFor = (addresses: string[]) =>
  t.app.ctx.db.select().from(outgoingEmails).where(inArray(outgoingEmails.toAddress, addresses));
const deliveredTo = (address: string) => smtp.messages.filter((mail) => mail.to === address).length;

describe("SMTP relay faults", () => {
  it("down for a while: requests still succeed, mail waits, and is delivered exactly once when the relay is back", async () => {
    const addresses = ["outage-1@reader.example", "outage-2@reader.example", "outage-3@reader.example"];
    await smtp.close();
    for (const address of addresses) expect((await requestCode(address)).statusCode).toBe(200);
    await t.app.emailWorker.drain();
    await retryDueNow();
    let rows = await rowsFor(addresses);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.status).toBe("pending");
      expect(row.attempts).toBe(2);
      expect(row.lastError).toBeTruthy();
    }

    smtp = await startSmtpServer({ port });
    await retryDueNow();
    await retryDueNow();
    rows = await rowsFor(addresses);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    for (const address of addresses) expect(deliveredTo(address)).toBe(1);
  });

  it("answering 451 (try later): retried with back-off and delivered exactly once", async () => {
    const address = "greylisted@reader.example";
    smtp.failNext(1, 451);
    expect((await requestCode(address)).statusCode).toBe(200);
    await t.app.emailWorker.drain();
    let [row] = await rowsFor([address]);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toContain("451");
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(deliveredTo(address)).toBe(0);

    await retryDueNow();
    await retryDueNow();
    [row] = await rowsFor([address]);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(deliveredTo(address)).toBe(1);
  });

  it("answering 550 (refused): the message is kept with the reason, never dropped, and goes out once the relay accepts", async () => {
    const address = "refused@reader.example";
    smtp.failNext(2, 550);
    expect((await requestCode(address)).statusCode).toBe(200);
    await t.app.emailWorker.drain();
    await retryDueNow();
    let [row] = await rowsFor([address]);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row?.lastError).toContain("550");
    expect(row?.textBody.length).toBeGreaterThan(0);

    await retryDueNow();
    await retryDueNow();
    [row] = await rowsFor([address]);
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    expect(deliveredTo(address)).toBe(1);
  });
});
