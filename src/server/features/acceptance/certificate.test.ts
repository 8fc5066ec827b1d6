// Where an approval came from is the company's record, not the customer's document: the certificate the owner
// downloads names who approved and with which browser, never the IP address; the company's audit log keeps it.

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, customer, json } from "../../../../tests/factories";
import { projectReadyToApprove } from "../../../../tests/setup/acceptance";
import { pdfText } from "../../../../tests/setup/pdf-text";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { projectVersions } from "../../db/schema";

const OWNER_IP = "198.51.100.23";
const t = openForFile(() => createTestApp());
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

/** The owner approves the latest version (from `from`'s address and browser) and downloads the certificate's text. */
async function approvedCertificateText(
  cookie: string,
  projectId: string,
  from: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const approved = await t.app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/acceptance`,
    payload: { decision: "approve" },
    remoteAddress: from.remoteAddress,
    headers: { cookie, ...json, ...from.headers },
  });
  expect(approved.statusCode).toBe(201);
  const pdf = await t.app.inject({
    method: "GET",
    url: `/api/projects/${projectId}/acceptance/certificate`,
    headers: { cookie },
  });
  expect(pdf.statusCode).toBe(200);
  return pdfText(pdf.rawPayload);
}

describe("the acceptance certificate", () => {
  it("leaves the approver's IP address out of the customer's PDF, and the company's audit log records it", async () => {
    const owner = await customer(t.app, "cert-ip-owner@example.com", "Ines Owner");
    const project = await projectReadyToApprove(t.app, { ownerId: owner.userId, adminCookie: admin, projectName: "Lagoon" });
    const text = await approvedCertificateText(owner.cookie, project.id, {
      remoteAddress: OWNER_IP,
      headers: { "user-agent": "LagoonBrowser/1.0" },
    });
    expect(text).toContain("Ines Owner (cert-ip-owner@example.com)");
    expect(text).toContain("LagoonBrowser/1.0");
    expect(text).not.toContain(OWNER_IP);
    expect(text).not.toContain("From address");

    const audit = (
      await t.app.inject({ method: "GET", url: `/api/company/projects/${project.id}/audit`, headers: { cookie: admin } })
    ).json();
    const decided = audit.items.find((item: { action: string }) => item.action === "project.decided");
    expect(decided).toBeDefined();
    expect(decided.changes).toContainEqual({ field: "decidedFromIp", before: null, after: OWNER_IP });
  });

  it("names the client company and draws the release notes' Markdown as text, never as raw ** and #", async () => {
    const owner = await customer(t.app, "cert-md-owner@example.com", "Mara Owner");
    await createCompletedProfile(t.app.ctx.db, { userId: owner.userId, fullName: "Mara Owner", company: "Lagoon Labs Pvt Ltd" });
    const project = await projectReadyToApprove(t.app, { ownerId: owner.userId, adminCookie: admin, projectName: "Reef" });
    await t.app.ctx.db
      .update(projectVersions)
      .set({ releaseNotes: "## What changed\n\n- **Faster** search\n- A new _export_ button" })
      .where(eq(projectVersions.projectId, project.id));
    const text = await approvedCertificateText(owner.cookie, project.id);
    expect(text).toContain("Client: Lagoon Labs Pvt Ltd");
    expect(text).toContain("What changed");
    expect(text).toContain("Faster search");
    expect(text).not.toMatch(/\*\*|##|_export_/);
  });
});
