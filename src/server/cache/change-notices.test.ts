// The change triggers come from one map, and every table a cached read declares has them: a read over a table without
// a trigger would serve stale answers until its lifetime ends.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { cachedReads, tagsOf } from "./cached-reads";
import { CHANGE_NOTICES_MIGRATION, changeNotices, changeNoticesMigration } from "./change-notices";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the change-notice triggers", () => {
  it("are the migration generated from the table → tag map (run scripts/generate-change-notices.ts after a change)", () => {
    const file = new URL(`../../../drizzle/${CHANGE_NOTICES_MIGRATION}.sql`, import.meta.url);
    expect(readFileSync(file, "utf8")).toBe(changeNoticesMigration());
  });

  it("exist in the migrated database for every table a cached read declares", async () => {
    const result = await database.db.execute<{ table: string; trigger: string }>(
      sql`select event_object_table as table, trigger_name as trigger from information_schema.triggers`,
    );
    const rows = (
      Array.isArray(result) ? result : (result as { rows: Array<{ table: string; trigger: string }> }).rows
    ) as Array<{
      table: string;
      trigger: string;
    }>;
    const triggers = new Set(rows.map((row) => row.trigger));
    const declared = new Set(Object.values(cachedReads).flatMap((read) => [...read.tables]));
    for (const table of declared) {
      expect(Object.keys(changeNotices), `${table} is not in the change-notice map`).toContain(table);
      expect(triggers.has(`${table}_row_notice`), `${table} has no row trigger`).toBe(true);
      expect(triggers.has(`${table}_table_notice`), `${table} has no table trigger`).toBe(true);
    }
  });
});

describe("a cached read's tags", () => {
  it("follow from its tables: the rows it is scoped to, and the whole of every other table it reads", () => {
    const access = {
      user: { id: "u1", email: "A@Example.com", role: "customer" as const },
      project: { id: "p1" },
      accessLevel: "owner" as const,
    } as never;
    expect(tagsOf(cachedReads.feedbackList, { access, query: {} }, {}).sort()).toEqual(["feedback.project_id:p1", "users"]);
    expect(tagsOf(cachedReads.adminStats, {}, {}).sort()).toEqual(
      ["profiles", "project_members", "projects", "requirements", "users"].sort(),
    );
    expect(tagsOf(cachedReads.projectList, { user: { id: "u1", email: "A@Example.com", role: "customer" } }, []).sort()).toEqual(
      [
        "meeting_requests",
        "profiles",
        "project_members.email:a@example.com",
        "projects.user_id:u1",
        "requirements",
        "users",
      ].sort(),
    );
  });

  it("refuses rows of a table the read does not declare", () => {
    const bad = { ...cachedReads.requirements, rows: () => ["feedback.project_id:p1"] };
    expect(() => tagsOf(bad, { projectId: "p1", user: { id: "u", email: "e", role: "customer" } }, {})).toThrow(/feedback/);
  });

  it("keeps only the canonical variants: a page size, page, filter or cursor the caller picks goes to the database", () => {
    const access = { user: { id: "u1" }, project: { id: "p1" }, accessLevel: "owner" } as never;
    const feedback = cachedReads.feedbackList;
    expect(feedback.key({ access, query: { page: 1, pageSize: 10 } })).not.toBeNull();
    expect(feedback.key({ access, query: { page: 1, pageSize: 60 } })).toBeNull();
    expect(feedback.key({ access, query: { page: 2, pageSize: 10 } })).toBeNull();
    expect(feedback.key({ access, query: { page: 1, pageSize: 10, status: "pending" } })).toBeNull();
    expect(cachedReads.communications.key({ access, limit: 100, before: "2026-01-01T00:00:00Z" })).toBeNull();
    expect(cachedReads.communications.key({ access, limit: 37 })).toBeNull();
    expect(cachedReads.notifications.key({ user: { id: "u1", email: "e", role: "customer" }, limit: 7 })).toBeNull();
  });
});
