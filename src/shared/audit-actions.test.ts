import { describe, expect, it } from "vitest";
import { auditActionLabel, isAutomaticActor } from "./audit-actions";

describe("the audit log's action names", () => {
  it.each([
    ["project.status_auto", "Status changed automatically (status rules)"],
    ["member.added", "Project user added"],
    ["POST /api/projects/:id/communications/:communicationId/replies", "Replied to a message"],
    ["PATCH /api/company/meeting-requests/:id", "Meeting request answered"],
    ["DELETE /api/projects/:id/users/:userId", "Removed: users"],
    ["POST /api/company/something-new/:id", "Added: something new"],
    ["payment.recorded", "Payment recorded"],
  ])("reads %s as %s", (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it("never shows a route or a parameter", () => {
    for (const action of ["POST /api/projects/:id/x/:xId", "PUT /api/me/thing"]) {
      expect(auditActionLabel(action)).not.toMatch(/\/|:\w|\bapi\b/);
    }
  });

  it("tells the status rules from a person", () => {
    expect(isAutomaticActor("system (automatic status rules)")).toBe(true);
    expect(isAutomaticActor("ada@blueprint.local")).toBe(false);
  });
});
