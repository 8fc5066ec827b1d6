// Issue 26, item 8: the NDA approval code was stored in clear in the audit log (`{"field":"otp","after":"894930"}`).
// Audit entries keep only the closed list of recordable fields (http/company-audit.ts): never a code, token or secret.
import { beforeAll, describe, expect, it } from "vitest";
import { signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, latestCodeFor, signIn } from "../../../../tests/setup/test-app";
import { recordAudit } from "../../audit/record-audit";
import { adminAuditLog } from "../../db/schema";

const t = openForFile(() => createTestApp());
let admin: string;
const ADMIN = "admin@blueprint.local";

beforeAll(async () => {
  admin = await signIn(t.app, ADMIN, "Site Admin");
});

const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: "POST", url, payload, headers: { cookie } });

async function signedProfile(n: number): Promise<string> {
  const email = `audit-secret${n}@example.com`;
  const cookie = await signIn(t.app, email, "Grace Hopper");
  await submitProfile(t.app, cookie, { fullName: "Grace Hopper", company: `Compilers ${n}` });
  return signNdaFor(t.app, cookie, email);
}

async function storedAudit(): Promise<string> {
  return JSON.stringify(await t.app.ctx.db.select().from(adminAuditLog));
}

describe("audit entries never hold codes", () => {
  it("approving an NDA (both routes) logs the approval, not the code", async () => {
    const first = await signedProfile(1);
    expect((await post("/api/nda/send-company-otp", { profileId: first }, admin)).statusCode).toBe(200);
    const otp = await latestCodeFor(t.app, ADMIN);
    const approved = await post("/api/company/nda/approve", { profileId: first, otp }, admin);
    expect(approved.statusCode, approved.body).toBe(200);

    const second = await signedProfile(2);
    expect((await post("/api/nda/send-company-otp", { profileId: second }, admin)).statusCode).toBe(200);
    const companyOtp = await latestCodeFor(t.app, ADMIN);
    const verified = await post("/api/nda/verify-company-otp", { profileId: second, companyOtp }, admin);
    expect(verified.statusCode, verified.body).toBe(200);

    const stored = await storedAudit();
    expect(stored).not.toContain(otp);
    expect(stored).not.toContain(companyOtp);
    expect(stored).not.toMatch(/"field":"(otp|companyOtp|code)"/);

    // The console's view: the approval is there (who and on which profile), without the code.
    const res = await t.app.inject({ method: "GET", url: "/api/company/audit?pageSize=100", headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const items: { action: string; actorEmail: string; changes: { field: string; after: unknown }[] }[] = res.json().items;
    // Both routes are the approval (newest first), each with who and which profile.
    const approvals = items.filter((entry) => entry.action === "nda.approved");
    expect(approvals.map((entry) => entry.actorEmail)).toEqual([ADMIN, ADMIN]);
    expect(approvals.map((entry) => entry.changes)).toEqual([
      [{ field: "profileId", before: null, after: second }],
      [{ field: "profileId", before: null, after: first }],
    ]);
    expect(JSON.stringify(items)).not.toContain(otp);
  });

  it("a use case that hands the log a secret field by mistake has it dropped", async () => {
    await recordAudit(t.app.ctx.db, {
      projectId: null,
      actor: { id: null, email: "test" },
      action: "project.update",
      changes: [
        { field: "status", before: "a", after: "b" },
        { field: "token", before: null, after: "tok-SECRET-1" },
        { field: "password", before: null, after: "pw-SECRET-2" },
      ],
    });
    const stored = await storedAudit();
    expect(stored).not.toContain("SECRET-1");
    expect(stored).not.toContain("SECRET-2");
    expect(stored).toContain('"field":"status"');
  });
});
