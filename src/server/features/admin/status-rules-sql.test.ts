import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, createUser } from "../../../../tests/factories";
import { openTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import { nextStatusStep, type StatusFacts } from "../../../shared/domain/automatic-status";
import { PROJECT_STATUSES } from "../../../shared/domain/project-status";
import { profiles, projects, requirements } from "../../db/schema";
import { statusRuleCandidate } from "./run-status-rules";

const NOW = new Date("2026-03-10T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Every combination of the facts the rules read (approved or not; the deployment date is no fact of theirs). */
function* allFacts(): Generator<StatusFacts> {
  for (const status of PROJECT_STATUSES)
    for (const ownerProfileCompleted of [false, true])
      for (const briefConfirmed of [false, true])
        for (const advancePaymentReceived of [false, true])
          for (const prototypeUrl of [null, "https://prototype.example.com"])
            for (const acceptedAt of [null, new Date(NOW.getTime() - DAY)])
              yield { status, ownerProfileCompleted, briefConfirmed, advancePaymentReceived, prototypeUrl, acceptedAt };
}

describe("the automatic status rules in SQL", () => {
  it("pick exactly the projects the TypeScript rules move, on every status × condition", async () => {
    const db = database.db;
    const completed = await createUser(db, { email: "rules-complete@example.com", name: "Rules Complete" });
    await createCompletedProfile(db, { userId: completed.id });
    const incomplete = await createUser(db, { email: "rules-incomplete@example.com", name: "Rules Incomplete" });
    await createCompletedProfile(db, { userId: incomplete.id });
    await db.update(profiles).set({ profileCompleted: false }).where(eq(profiles.userId, incomplete.id));

    const expected = new Map<string, StatusFacts>();
    let n = 0;
    for (const facts of allFacts()) {
      n++;
      const [project] = await db
        .insert(projects)
        .values({
          userId: facts.ownerProfileCompleted ? completed.id : incomplete.id,
          projectCode: `PRJ-RULE-${n}`,
          status: facts.status,
          prototypeUrl: facts.prototypeUrl,
          acceptedAt: facts.acceptedAt,
          // A deployment date long past on every project: it never completes one.
          deploymentDate: new Date(NOW.getTime() - 400 * DAY),
          advancePaymentReceivedDate: facts.advancePaymentReceived ? new Date(NOW.getTime() - DAY) : null,
        })
        .returning({ id: projects.id });
      if (!project) throw new Error("project insert returned nothing");
      // A brief not confirmed is either an unconfirmed requirements row or none at all: alternate between the two.
      if (facts.briefConfirmed || n % 2 === 0) {
        await db.insert(requirements).values({ projectId: project.id, briefConfirmed: facts.briefConfirmed });
      }
      expected.set(project.id, facts);
    }

    const picked = await db
      .select({ id: projects.id })
      .from(projects)
      .leftJoin(profiles, eq(profiles.userId, projects.userId))
      .leftJoin(requirements, eq(requirements.projectId, projects.id))
      .where(statusRuleCandidate());
    const inSql = new Set(picked.map((row) => row.id));
    for (const [id, facts] of expected) {
      expect(inSql.has(id), JSON.stringify(facts)).toBe(nextStatusStep(facts, NOW) !== null);
    }
    expect(inSql.size).toBeGreaterThan(0);
  });
});
