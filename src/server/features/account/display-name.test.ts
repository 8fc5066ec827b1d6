import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, json } from "../../../../tests/factories";
import { submitProfile } from "../../../../tests/setup/onboarding";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = async (cookie: string) => (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();
const putName = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/me/name", payload, headers: { ...(cookie ? { cookie } : {}), ...json } });

describe("one display name", () => {
  it("a member sets their own name in the personal profile, and the portal calls them by it", async () => {
    const member = await customer(t.app, "kiran.member@example.com", "kiran");
    const res = await putName(member.cookie, { name: "  Kiran Rao " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: "Kiran Rao", firstName: "Kiran", lastName: "Rao" });
    expect(await me(member.cookie)).toMatchObject({ name: "Kiran Rao", firstName: "Kiran", lastName: "Rao" });
  });

  it("refuses an empty or unsafe name with the field's message, and keeps the old one", async () => {
    const member = await customer(t.app, "kept.name@example.com", "Kept Name");
    const empty = await putName(member.cookie, { name: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: "Please enter your name" });
    expect((await putName(member.cookie, { name: "Evil\r\nBcc: x@y.z" })).statusCode).toBe(400);
    expect((await me(member.cookie)).name).toBe("Kept Name");
    expect((await putName(undefined, { name: "Nobody Here" })).statusCode).toBe(401);
  });

  it("the owner's company profile name becomes the name they are called by everywhere, not the sign-in name", async () => {
    const owner = await customer(t.app, "ana.owner@example.com", "ana");
    await submitProfile(t.app, owner.cookie, { fullName: "Ana María López" });
    expect(await me(owner.cookie)).toMatchObject({ name: "Ana María López", firstName: "Ana", lastName: "María López" });
  });
});
