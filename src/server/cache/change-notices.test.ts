// The change triggers come from one map, and every table a cached read declares has them: a read over a table without
// a trigger would serve stale answers until its lifetime ends.

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { changeNotices as sharedChangeNotices, type TableNotice } from "../../shared/change-notices";
import { THREADS_PAGE_SIZE } from "../../shared/schemas/communications";
import type { Database } from "../db/client";
import { addMigration, readJournal } from "../db/migration-files";
import { adminStatsRead } from "../features/admin";
import { communicationsRead } from "../features/communications";
import { feedbackListRead } from "../features/feedback";
import { notificationsRead } from "../features/notifications";
import { projectListRead, requirementsRead } from "../features/projects";
import {
  CHANGE_CHANNEL,
  changeNoticeStatements,
  changeNotices,
  changeNoticesMigration,
  installedChangeNotices,
} from "./change-notices";
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
  it("are what the migrations install: the map and the migrated database agree (after a change: scripts/generate-change-notices.ts)", async () => {
    const installed = await installedChangeNotices(database.db);
    expect(installed.triggers.length).toBe(2 * Object.keys(changeNotices).length);
    expect(changeNoticeStatements(installed)).toEqual([]);
    const edited = { ...installed, functions: { ...installed.functions, bp_notify_table: "begin return null; end" } };
    expect(changeNoticeStatements(edited)).toEqual([expect.stringMatching(/^create or replace function bp_notify_table\(\)/)]);
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

const DRIZZLE = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** Runs the migrations of `folder` the database has not run yet, as the server does at start. */
async function migrateFrom(handle: TestDatabase, folder: string): Promise<void> {
  if (handle.kind === "pglite")
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
  else await migratePg(handle.db as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
}

async function noticesHeard(handle: TestDatabase, write: (db: Database) => Promise<unknown>): Promise<string[]> {
  const heard: string[] = [];
  const listening = await handle.listen(CHANGE_CHANNEL, { onMessage: (payload) => heard.push(payload) });
  await write(handle.db);
  await expect.poll(() => heard.length).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await listening.stop();
  return heard;
}

describe("a change to the table → tag map", () => {
  // One table added, one removed, a row column and a wide-update column dropped.
  const { activity_events: _removed, ...kept } = sharedChangeNotices;
  const changedMap: Record<string, TableNotice> = {
    ...kept,
    projects: { rows: { id: "project" } },
    users: { rows: { id: "user" }, wideOn: ["email", "name"] },
    contact_inquiries: { rows: { id: "nobody" } },
  };
  let shipped: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    shipped = await openTestDatabase();
    folder = mkdtempSync(path.join(tmpdir(), "bp-drizzle-"));
    cpSync(DRIZZLE, folder, { recursive: true });
  });
  afterAll(async () => {
    await shipped.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("is a new migration holding only the triggers that changed, which a database that ran the shipped ones applies", async () => {
    const statements = changeNoticeStatements(await installedChangeNotices(shipped.db), changedMap);
    const touched = statements.map((statement) =>
      /^(create|drop) trigger (?:if exists )?(\w+)/.exec(statement)?.slice(1, 3).join(" "),
    );
    expect(touched).toEqual([
      "drop activity_events_row_notice",
      "drop activity_events_table_notice",
      "drop users_table_notice",
      "create users_table_notice",
      "drop projects_row_notice",
      "create projects_row_notice",
      "create contact_inquiries_row_notice",
      "create contact_inquiries_table_notice",
    ]);

    const shippedFiles = readdirSync(folder).filter((file) => file.endsWith(".sql"));
    const tag = addMigration(folder, "change_notices", changeNoticesMigration(statements));
    expect(tag).toBe(`${String(shippedFiles.length).padStart(4, "0")}_change_notices`);
    for (const file of shippedFiles) {
      expect(readFileSync(path.join(folder, file)).equals(readFileSync(path.join(DRIZZLE, file))), file).toBe(true);
    }
    expect(readJournal(folder).entries.map((entry) => entry.tag)).toEqual([
      ...readJournal(DRIZZLE).entries.map((entry) => entry.tag),
      tag,
    ]);

    await migrateFrom(shipped, folder);
    expect(changeNoticeStatements(await installedChangeNotices(shipped.db), changedMap)).toEqual([]);
    const inquiry = await noticesHeard(shipped, (db) =>
      db.execute(sql`insert into contact_inquiries (form, name, email) values ('short', 'Ada', 'ada@example.com')`),
    );
    expect(inquiry).toContain("contact_inquiries");
    expect(inquiry.some((tag) => tag.startsWith("contact_inquiries.id:"))).toBe(true);
    const activity = await noticesHeard(shipped, async (db) => {
      await db.execute(sql`insert into activity_events (type, title) values ('test', 'A company-wide event')`);
      await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, 'marker')`);
    });
    expect(activity).toEqual(["marker"]);
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
    expect(notificationsRead.key({ userId: "u1", role: "customer", page: 1, pageSize: 7 })).toBeNull();
  });
});
