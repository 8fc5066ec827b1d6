// Rate limits hold under concurrency (issue 26, item 2): they used to count, then insert, so 17 of 20 simultaneous
// sign-in code requests passed a limit of 6 on PostgreSQL. For each limit, 20 requests at once: exactly the limit
// passes, the rest get 429, and exactly that many emails are queued. Run on PGlite and on PostgreSQL
// (TEST_DATABASE_URL).
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingEmails } from "../../src/server/db/schema";
import { EXPORT_LIMIT } from "../../src/server/features/account/routes";
import { CONTACT_SEND_LIMITS } from "../../src/server/features/contact/submit-contact-inquiry";
import { CODE_SEND_LIMITS, SIGN_IN_CODE_LIMITS } from "../../src/shared/constants/auth";
import { submitProfile } from "../setup/onboarding";
import { createTestApp, signIn, type TestApp } from "../setup/test-app";

const AT_ONCE = 20;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function together(request: (n: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: AT_ONCE }, (_, n) => request(n)));
  const statuses = responses.map((response) => response.statusCode);
  for (const response of responses) {
    if (response.statusCode !== 200) {
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json()).toMatchObject({ code: "RATE_LIMITED" });
    }
  }
  return statuses.filter((status) => status === 200).length;
}

const emailsOf = async (kind: string, to: string) =>
  (
    await t.app.ctx.db
      .select({ id: outgoingEmails.id })
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, kind), eq(outgoingEmails.toAddress, to)))
  ).length;

describe(`${AT_ONCE} simultaneous requests`, () => {
  it(`sign-in codes: exactly ${SIGN_IN_CODE_LIMITS.perEmailHour.max} an hour for one address, each from a new browser`, async () => {
    const email = "race-sign-in@limits.example";
    const passed = await together(() =>
      t.app.inject({ method: "POST", url: "/api/auth/request-code", payload: { email, name: "Rae Racer" } }),
    );
    expect(passed).toBe(SIGN_IN_CODE_LIMITS.perEmailHour.max);
    expect(await emailsOf("sign-in-code", email)).toBe(SIGN_IN_CODE_LIMITS.perEmailHour.max);
  });

  it(`NDA codes: exactly ${CODE_SEND_LIMITS.perEmailShort.max} in ten minutes`, async () => {
    const email = "race-nda@limits.example";
    const cookie = await signIn(t.app, email, "Ada Lovelace");
    await submitProfile(t.app, cookie, { fullName: "Ada Lovelace" });
    const passed = await together(() =>
      t.app.inject({
        method: "POST",
        url: "/api/nda/send-otp",
        payload: { customerEmail: email, customerName: "Ada Lovelace", companyName: "Engines" },
        headers: { cookie },
      }),
    );
    expect(passed).toBe(CODE_SEND_LIMITS.perEmailShort.max);
    expect(await emailsOf("nda-customer-code", email)).toBe(CODE_SEND_LIMITS.perEmailShort.max);
  });

  it(`contact form: exactly ${CONTACT_SEND_LIMITS.perIpShort.max} in ten minutes from one network`, async () => {
    const inbox = t.app.ctx.config.adminEmails[0] ?? "";
    const before = await emailsOf("contact-inquiry", inbox);
    const passed = await together((n) =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { name: `Racer ${n}`, email: `racer${n}@limits.example`, remarks: `Question number ${n}` },
        remoteAddress: "10.9.9.9",
      }),
    );
    expect(passed).toBe(CONTACT_SEND_LIMITS.perIpShort.max);
    expect((await emailsOf("contact-inquiry", inbox)) - before).toBe(CONTACT_SEND_LIMITS.perIpShort.max);
  });

  it(`data exports: exactly ${EXPORT_LIMIT.max} an hour`, async () => {
    const cookie = await signIn(t.app, "race-export@limits.example", "Exa Exporter");
    const passed = await together(() => t.app.inject({ method: "GET", url: "/api/me/export", headers: { cookie } }));
    expect(passed).toBe(EXPORT_LIMIT.max);
  });

  it(`account deletion codes: exactly ${CODE_SEND_LIMITS.perEmailShort.max} in ten minutes`, async () => {
    const email = "race-delete@limits.example";
    const cookie = await signIn(t.app, email, "Del Deleter");
    const passed = await together(() => t.app.inject({ method: "POST", url: "/api/me/deletion-code", headers: { cookie } }));
    expect(passed).toBe(CODE_SEND_LIMITS.perEmailShort.max);
    expect(await emailsOf("account-deletion-code", email)).toBe(CODE_SEND_LIMITS.perEmailShort.max);
  });
});
