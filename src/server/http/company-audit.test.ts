// Issue 43 §1: every write route names its audit action. A write route registered without `config.audit` stops the
// app from starting, the whole app registers none, and a company user's change through a route that used to be logged
// as "METHOD /route" is now stored under its action and shown by its label.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signNdaFor, submitProfile } from "../../../tests/setup/onboarding";
import { createTestApp, latestCodeFor, signIn, type TestApp } from "../../../tests/setup/test-app";
import { AUDIT_ACTIONS, auditActionLabel, isAuditAction } from "../../shared/audit-actions";
import { adminAuditLog } from "../db/schema";
import { registerCompanyAudit, unnamedAuditRoute } from "./company-audit";

const ADMIN = "admin@blueprint.local";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a write route names its audit action", () => {
  it("refuses to register a write route without one (sign-in routes and reads excepted)", async () => {
    const app = Fastify();
    registerCompanyAudit(app);
    app.get("/api/things", async () => []);
    app.post("/api/auth/something", async () => ({}));
    app.post("/api/things", { config: { audit: { action: "project.update" } } }, async () => ({}));
    app.delete("/api/things/:id", { config: { audit: false } }, async () => ({}));
    expect(() => app.post("/api/things/:id/archive", async () => ({}))).toThrow(
      "POST /api/things/:id/archive names no audit action",
    );
    expect(() => app.route({ method: ["PUT", "GET"], url: "/api/other", handler: async () => ({}) })).toThrow(
      "PUT /api/other names no audit action",
    );
    await app.close();
  });

  it("a company user's NDA approval, once logged as its route, is stored and shown under nda.approved", async () => {
    const admin = await signIn(t.app, ADMIN, "Site Admin");
    const email = "named-audit@example.com";
    const cookie = await signIn(t.app, email, "Grace Hopper");
    await submitProfile(t.app, cookie, { fullName: "Grace Hopper", company: "Named Audits" });
    const profileId = await signNdaFor(t.app, cookie, email);
    const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload, headers: { cookie: admin } });
    expect((await post("/api/nda/send-company-otp", { profileId })).statusCode).toBe(200);
    const approved = await post("/api/company/nda/approve", { profileId, otp: await latestCodeFor(t.app, ADMIN) });
    expect(approved.statusCode, approved.body).toBe(200);

    const stored = (await t.app.ctx.db.select({ action: adminAuditLog.action }).from(adminAuditLog)).map((r) => r.action);
    expect(stored).toEqual(expect.arrayContaining(["nda.approval_code_sent", "nda.approved"]));
    for (const action of stored) expect(isAuditAction(action), `${action} is a listed action`).toBe(true);
    const view = await t.app.inject({ method: "GET", url: "/api/company/audit?pageSize=100", headers: { cookie: admin } });
    const labels = (view.json().items as { action: string }[]).map((entry) => auditActionLabel(entry.action));
    expect(labels).toEqual(expect.arrayContaining(["NDA approval code sent", "NDA approved"]));
    expect(labels.join(" ")).not.toMatch(/\/api\//);
  });

  it("reads a write route's naming: absent is unnamed, false or an action is named", () => {
    expect(unnamedAuditRoute({ method: "PATCH", url: "/api/x", config: {} })).toBe("PATCH /api/x");
    expect(unnamedAuditRoute({ method: "PATCH", url: "/api/x", config: { audit: false } })).toBeNull();
    expect(unnamedAuditRoute({ method: "GET", url: "/api/x" })).toBeNull();
    expect(unnamedAuditRoute({ method: "POST", url: "/api/auth/logout" })).toBeNull();
  });

  it("every listed action has a label of its own", () => {
    const labels = Object.keys(AUDIT_ACTIONS).map((action) => auditActionLabel(action));
    expect(new Set(labels).size).toBe(labels.length);
  });
});
