// Bytes stored without the row that references them (a crash between the two) are swept: hourly, once across every
// server process, and only past a grace period, so an upload in progress and every referenced file are kept.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileAttachments, fileBlobs, projects, users } from "../../src/server/db/schema";
import { BLOB_SWEEP_GRACE_MS, startBlobSweeper } from "../../src/server/files/blob-sweep";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { makeSignaturePng } from "../setup/png";
import { createTestApp, signIn, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const silent = { info() {}, warn() {} } as never;

async function age(id: string, ms: number): Promise<void> {
  await t.app.ctx.db
    .update(fileBlobs)
    .set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` })
    .where(eq(fileBlobs.id, id));
}

const exists = async (id: string) => (await t.app.ctx.files.head(id)) !== null;

describe("the sweep of unreferenced file bytes", () => {
  it("deletes old orphans once across processes, keeps young orphans and every referenced file", async () => {
    const { ctx } = t.app;
    const cookie = await signIn(t.app, "sweep@customer.example", "Swee Per");
    await submitProfile(t.app, cookie, { fullName: "Swee Per", primaryContact: "sweep@customer.example" });
    await signNdaFor(t.app, cookie, "sweep@customer.example");
    const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "sweep@customer.example"));
    const [project] = await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.userId, owner?.id ?? ""));
    if (!project) throw new Error("no project");

    // Left by a crash a day and more ago: bytes, no row.
    const orphan = await ctx.files.put(makeSignaturePng(40, 20), "image/png");
    await age(orphan.id, BLOB_SWEEP_GRACE_MS + 60_000);
    // An upload in progress: bytes stored a moment ago, its row not written yet.
    const inProgress = await ctx.files.put(makeSignaturePng(41, 20), "image/png");
    // An old file a project holds.
    const held = await ctx.files.put(makeSignaturePng(42, 20), "image/png");
    await ctx.db.insert(fileAttachments).values({
      fileId: held.id,
      projectId: project.id,
      kind: "feedback_screenshot",
      filename: "held.png",
      contentType: "image/png",
      size: held.size,
      createdBy: owner?.id ?? null,
    });
    await age(held.id, BLOB_SWEEP_GRACE_MS * 3);

    const now = new Date();
    const first = startBlobSweeper({ db: ctx.db, files: ctx.files, log: silent });
    const second = startBlobSweeper({ db: ctx.db, files: ctx.files, log: silent });
    try {
      const ran = [await first.checkNow(now), await second.checkNow(now)];
      expect(ran).toEqual([true, false]);
    } finally {
      first.stop();
      second.stop();
    }
    expect(await exists(orphan.id)).toBe(false);
    expect(await exists(inProgress.id)).toBe(true);
    expect(await exists(held.id)).toBe(true);
  });

  it("storing bytes that are already there renews their time, so an old orphan re-uploaded now is not swept", async () => {
    const { ctx } = t.app;
    const bytes = makeSignaturePng(43, 20);
    const stored = await ctx.files.put(bytes, "image/png");
    await age(stored.id, BLOB_SWEEP_GRACE_MS * 2);
    await ctx.files.put(bytes, "image/png");
    const sweeper = startBlobSweeper({ db: ctx.db, files: ctx.files, log: silent });
    try {
      await sweeper.checkNow(new Date(Date.now() + 2 * 3_600_000));
    } finally {
      sweeper.stop();
    }
    expect(await exists(stored.id)).toBe(true);
  });
});
