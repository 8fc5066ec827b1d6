// The change triggers come from one map, and every table a cached read declares has them: a read over a table without
// a trigger would serve stale answers until its lifetime ends.

import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { THREADS_PAGE_SIZE } from "../../shared/schemas/communications";
import { adminStatsRead } from "../features/admin/reads";
import { communicationsRead } from "../features/communications/reads";
import { feedbackListRead } from "../features/feedback/reads";
import { notificationsRead } from "../features/notifications/reads";
import { projectListRead } from "../features/projects/reads";
import { requirementsRead } from "../features/projects/requirements/reads";
import { CHANGE_NOTICES_MIGRATION, changeNotices, changeNoticesMigration } from "./change-notices";
import { type CachedRead, defineRead } from "./define-read";
import { createReadCaches } from "./read-caches";

/** Every cached read: each feature declares its own (features/<feature>/reads.ts; sessions and project access beside their code). */
const readModules = import.meta.glob(["../features/**/reads.ts", "../auth/sessions.ts", "../features/projects/access.ts"], {
  eager: true,
});
const everyRead = Object.values(readModules).flatMap((module) =>
  Object.values(module as Record<string, unknown>).filter(
    (value): value is CachedRead<unknown, unknown> =>
      typeof value === "object" && value !== null && "get" in value && "tables" in value && "load" in value,
  ),
);

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
    expect(everyRead.length).toBeGreaterThanOrEqual(16);
    const declared = new Set(everyRead.flatMap((read) => [...read.tables]));
    for (const table of declared) {
      expect(Object.keys(changeNotices), `${table} is not in the change-notice map`).toContain(table);
      expect(triggers.has(`${table}_row_notice`), `${table} has no row trigger`).toBe(true);
      expect(triggers.has(`${table}_table_notice`), `${table} has no table trigger`).toBe(true);
    }
  });
});

describe("the cached reads", () => {
  it("have one name each (the namespace of their keys and metrics)", () => {
    const names = everyRead.map((read) => read.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("a cached read's key", () => {
  it("is its loader's arguments: any argument that differs gives another key, the same ones in any order the same", () => {
    const caller = { projectId: "p1", userId: "u1", accessLevel: "owner" as const };
    const query = { page: 1, pageSize: 10 };
    const key = feedbackListRead.key({ ...caller, query });
    expect(key).not.toBeNull();
    expect(feedbackListRead.key({ query: { pageSize: 10, page: 1 }, accessLevel: "owner", userId: "u1", projectId: "p1" })).toBe(
      key,
    );
    expect(feedbackListRead.key({ ...caller, projectId: "p2", query })).not.toBe(key);
    expect(feedbackListRead.key({ ...caller, userId: "u2", query })).not.toBe(key);
    expect(feedbackListRead.key({ ...caller, accessLevel: "view_only", query })).not.toBe(key);
  });

  it("is handed to the loader as it is: what a key holds is what was read for those arguments", async () => {
    const seen: unknown[] = [];
    const read = defineRead({
      name: "echo",
      tables: ["feedback"],
      load: async (_, args: { projectId: string; page: number }) => {
        seen.push(args);
        return { ...args };
      },
    });
    const ctx = { db: database.db, caches: createReadCaches({ budgetBytes: 1_000_000 }).caches };
    expect(await read.get(ctx, { projectId: "p1", page: 1 })).toEqual({ projectId: "p1", page: 1 });
    expect(await read.get(ctx, { projectId: "p2", page: 1 })).toEqual({ projectId: "p2", page: 1 });
    expect(await read.get(ctx, { page: 1, projectId: "p1" })).toEqual({ projectId: "p1", page: 1 });
    expect(seen).toEqual([
      { projectId: "p1", page: 1 },
      { projectId: "p2", page: 1 },
    ]);
  });
});

describe("a cached read's tags", () => {
  it("follow from its tables: the rows it is scoped to, and the whole of every other table it reads", () => {
    const caller = { projectId: "p1", userId: "u1", accessLevel: "owner" as const };
    expect(feedbackListRead.tags({ ...caller, query: { page: 1, pageSize: 10 } }, {} as never).sort()).toEqual([
      "feedback.project_id:p1",
      "users",
    ]);
    expect(adminStatsRead.tags({}, {} as never).sort()).toEqual(
      ["profiles", "project_members", "projects", "requirements", "users"].sort(),
    );
    expect(projectListRead.tags({ userId: "u1", email: "A@Example.com" }, []).sort()).toEqual(
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
    const bad = defineRead({ ...requirementsRead, rows: () => ["feedback.project_id:p1"] });
    expect(() => bad.tags({ projectId: "p1" }, {} as never)).toThrow(/feedback/);
  });

  it("keeps only the canonical variants: a page size, page, filter or cursor the caller picks goes to the database", () => {
    const caller = { projectId: "p1", userId: "u1", accessLevel: "owner" as const };
    const feedback = feedbackListRead;
    expect(feedback.key({ ...caller, query: { page: 1, pageSize: 10 } })).not.toBeNull();
    expect(feedback.key({ ...caller, query: { page: 1, pageSize: 60 } })).toBeNull();
    expect(feedback.key({ ...caller, query: { page: 2, pageSize: 10 } })).toBeNull();
    expect(feedback.key({ ...caller, query: { page: 1, pageSize: 10, status: "pending" } })).toBeNull();
    const viewer = { id: "u1", email: "e", role: "customer" as const };
    const threads = { viewer, projectId: "p1", page: 1, pageSize: THREADS_PAGE_SIZE, show: "all" as const };
    expect(communicationsRead.key(threads)).not.toBeNull();
    expect(communicationsRead.key({ ...threads, page: 2 })).toBeNull();
    expect(communicationsRead.key({ ...threads, pageSize: 37 })).toBeNull();
    expect(communicationsRead.key({ ...threads, show: "meetings" })).toBeNull();
    expect(notificationsRead.key({ userId: "u1", role: "customer", limit: 7 })).toBeNull();
  });
});
