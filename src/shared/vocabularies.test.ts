// Activity types and audit actions are closed records: an entry missing its label, or a name nobody listed, does not
// compile (each @ts-expect-error below fails `npm run typecheck` when its error disappears).
import { describe, expect, it } from "vitest";
import { ACTIVITY_TYPE_NAMES, ACTIVITY_TYPES, type ActivityType, type ActivityTypeEntry } from "./activity-types";
import { AUDIT_ACTIONS, type AuditAction, type AuditActionEntry, auditActionLabel } from "./audit-actions";

describe("activity types", () => {
  it("refuses an entry without its label and a type nobody listed", () => {
    const broken = {
      // @ts-expect-error an activity type without its label
      "project.exploded": {},
    } satisfies Record<string, ActivityTypeEntry>;
    // @ts-expect-error recordActivity takes an ActivityType: an unlisted name does not compile
    const unlisted: ActivityType = "project.exploded";
    expect([broken, unlisted]).toHaveLength(2);
  });

  it("labels every type", () => {
    for (const type of ACTIVITY_TYPE_NAMES) expect(ACTIVITY_TYPES[type].label.trim()).not.toBe("");
  });
});

describe("audit actions", () => {
  it("refuses an entry without its label and an action nobody listed", () => {
    const broken = {
      // @ts-expect-error an audit action without its label
      "project.exploded": {},
    } satisfies Record<string, AuditActionEntry>;
    // @ts-expect-error recordAudit and a route's config.audit take an AuditAction: an unlisted name does not compile
    const unlisted: AuditAction = "project.exploded";
    expect([broken, unlisted]).toHaveLength(2);
  });

  it("words a listed action with its label, and a route's own action as stored", () => {
    expect(auditActionLabel("project.status_auto")).toBe("Status changed automatically (status rules)");
    expect(auditActionLabel("PATCH /api/company/inquiries/:id")).toBe("Changed: inquiries");
    for (const entry of Object.values(AUDIT_ACTIONS)) expect(entry.label.trim()).not.toBe("");
  });
});
