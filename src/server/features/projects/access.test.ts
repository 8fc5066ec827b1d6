import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectWithStatus, createUser } from "../../../../tests/factories";
import { openTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import {
  accessAllows,
  MEMBER_ACCESS_LEVELS,
  type MemberAccessLevel,
  type ProjectNeed,
  projectAccessLevel,
} from "../../../shared/domain/project-access";
import { projectMembers, projects } from "../../db/schema";
import { projectAccessibleTo } from "./access";

const NEEDS: ProjectNeed[] = ["view", "feedback", "post", "edit"];

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the project access rule in SQL", () => {
  it("lets through exactly the projects accessAllows does, for every role, ownership, member level and need", async () => {
    const db = database.db;
    const caller = await createUser(db, { email: "rule-caller@example.com", name: "Rule Caller" });
    const stranger = await createUser(db, { email: "rule-stranger@example.com", name: "Rule Stranger" });
    // One project per (owned by the caller?, the caller's member level), so every relation is in the table at once.
    const cases: { id: string; owner: boolean; memberLevel: MemberAccessLevel | null }[] = [];
    for (const owner of [true, false]) {
      for (const memberLevel of [null, ...MEMBER_ACCESS_LEVELS]) {
        const project = await createProjectWithStatus(db, { ownerId: owner ? caller.id : stranger.id, status: "requirements" });
        if (memberLevel) {
          await db.insert(projectMembers).values({ projectId: project.id, email: caller.email, accessLevel: memberLevel });
        }
        // Another person's membership never counts for the caller.
        await db
          .insert(projectMembers)
          .values({ projectId: project.id, email: "someone-else@example.com", accessLevel: "admin" });
        cases.push({ id: project.id, owner, memberLevel });
      }
    }

    for (const company of [false, true]) {
      // The address as typed at sign-in may differ in case from the member row.
      const who = {
        id: caller.id,
        email: "Rule-Caller@Example.com",
        role: company ? ("company" as const) : ("customer" as const),
      };
      for (const need of NEEDS) {
        const rows = await db
          .select({ id: projects.id })
          .from(projects)
          .where(projectAccessibleTo({ project: projects.id, caller: who, need }));
        const inSql = new Set(rows.map((row) => row.id));
        for (const c of cases) {
          const expected = accessAllows(projectAccessLevel({ company, owner: c.owner, memberLevel: c.memberLevel }), need);
          expect(inSql.has(c.id), `${company ? "company" : "customer"} owner=${c.owner} member=${c.memberLevel} ${need}`).toBe(
            expected,
          );
        }
      }
    }
  });
});
