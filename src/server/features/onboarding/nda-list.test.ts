// GET /api/company/pending-ndas: signed NDAs by status (pending by default, approved as a history), paged in the
// shared page reply, and only for the company.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveNdaAs, signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";

let t: TestApp;
let admin: string;
const ADMIN = "admin@blueprint.local";
type Nda = {
  id: string;
  status: string;
  email: string;
  signedAt: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
};

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const page = async (query: string) => {
  const res = await get(`/api/company/pending-ndas${query}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Nda[]; total: number; page: number; pageSize: number };
};

// Five signed NDAs, signed in this order; the second and the fourth approved, the fourth last.
const signed: { email: string; profileId: string; cookie: string }[] = [];
function signer(n: number) {
  const found = signed[n - 1];
  if (!found) throw new Error(`no signer ${n}`);
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN, "Site Admin");
  for (let i = 1; i <= 5; i++) {
    const email = `history${i}@example.com`;
    const cookie = await signIn(t.app, email, `Signer ${i}`);
    await submitProfile(t.app, cookie, { fullName: `Signer ${i}`, company: `History ${i} Ltd` });
    signed.push({ email, cookie, profileId: await signNdaFor(t.app, cookie, email) });
  }
  // Someone who has only saved a profile has nothing to list.
  const unsigned = await signIn(t.app, "unsigned@example.com", "Not Signed");
  await submitProfile(t.app, unsigned, { fullName: "Not Signed", company: "Unsigned Ltd" });
  await approveNdaAs(t.app, admin, ADMIN, signer(2).profileId);
  await approveNdaAs(t.app, admin, ADMIN, signer(4).profileId);
});
afterAll(async () => {
  await t.close();
});

const emails = (items: Nda[]) => items.map((item) => item.email);
const [s1, s2, s3, s4, s5] = ["history1", "history2", "history3", "history4", "history5"].map((n) => `${n}@example.com`);

describe("the company's NDA list", () => {
  it("lists the pending ones by default, oldest signature first, in the shared page reply", async () => {
    const reply = await page("");
    expect(reply).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(emails(reply.items)).toEqual([s1, s3, s5]);
    expect(reply.items[0]).toMatchObject({ status: "pending", approvedAt: null, approvedBy: null, signedAt: expect.any(String) });
    expect(await page("?status=pending")).toEqual(reply);
  });

  it("lists the approved ones as a history: latest approval first, who signed when and who approved when", async () => {
    const reply = await page("?status=approved");
    expect(reply.total).toBe(2);
    expect(emails(reply.items)).toEqual([s4, s2]);
    const latest = reply.items[0];
    if (!latest) throw new Error("no approved NDA listed");
    expect(latest).toMatchObject({
      id: signer(4).profileId,
      status: "approved",
      customerName: "Signer 4",
      companyName: "History 4 Ltd",
      approvedBy: ADMIN,
    });
    expect(Date.parse(latest.approvedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(latest.signedAt ?? ""));
    expect(reply.items.every((item) => item.approvedAt && item.signedAt)).toBe(true);
  });

  it("lists both with status=all: the pending first, then the history", async () => {
    const reply = await page("?status=all");
    expect(reply.total).toBe(5);
    expect(emails(reply.items)).toEqual([s1, s3, s5, s4, s2]);
  });

  it("pages on the server: pageSize items from page × pageSize, the same total on every page, none twice", async () => {
    const first = await page("?status=all&pageSize=2");
    const second = await page("?status=all&pageSize=2&page=2");
    const third = await page("?status=all&pageSize=2&page=3");
    const beyond = await page("?status=all&pageSize=2&page=4");
    expect([first, second, third, beyond].map((p) => [p.page, p.pageSize, p.total])).toEqual([
      [1, 2, 5],
      [2, 2, 5],
      [3, 2, 5],
      [4, 2, 5],
    ]);
    expect([...emails(first.items), ...emails(second.items), ...emails(third.items)]).toEqual([s1, s3, s5, s4, s2]);
    expect(beyond.items).toEqual([]);
  });

  it("answers 400 with the field's message to an unknown status or a bad page", async () => {
    const cases = [
      ["?status=rejected", "status"],
      ["?page=0", "page"],
      ["?pageSize=101", "pageSize"],
      ["?page=1%20OR%201=1", "page"],
    ] as const;
    for (const [query, field] of cases) {
      const res = await get(`/api/company/pending-ndas${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: "VALIDATION_FAILED", fields: { [field]: expect.any(String) } });
    }
  });

  it("is the company's alone: 403 to a customer (even one who signed) and 401 to a visitor, for every filter", async () => {
    for (const status of ["pending", "approved", "all"]) {
      expect((await get(`/api/company/pending-ndas?status=${status}`, signer(1).cookie)).statusCode).toBe(403);
      expect((await get(`/api/company/pending-ndas?status=${status}`)).statusCode).toBe(401);
    }
  });
});

describe("the package an NDA row shows", () => {
  it("is the package of the project the NDA opened, not a later change to the profile", async () => {
    const { cookie, email } = signer(1);
    const [project] = (await get("/api/projects", cookie)).json().items as Array<{ packageType: string }>;
    expect(project?.packageType).toBe("advanced");
    // The profile's package changes after the project exists: it only seeds new projects.
    await submitProfile(t.app, cookie, { fullName: "Signer 1", company: "History 1 Ltd", packageType: "premium" });
    expect((await get("/api/profile", cookie)).json()).toMatchObject({ packageType: "premium" });
    const row = (await page("")).items.find((item) => item.email === email) as Nda & { packageType: string };
    expect(row.packageType).toBe("advanced");
  });
});
