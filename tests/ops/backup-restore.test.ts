// npm run backup / restore (src/server/ops): a portal with customers, a signed and approved NDA, stored files and a
// payment is backed up, restored into a fresh empty database (a new DATA_DIR on PGlite, a new database on
// PostgreSQL), and served again: the customer signs in and sees the project, the NDA and the files, and the sealed
// PDFs downloaded after the restore still verify with pdfsig. A second restore into the now full target is refused.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { migrationsFolder, openDatabase } from "../../src/server/db/client";
import { storeProjectFile } from "../../src/server/features/files/project-files";
import type { Manifest } from "../../src/server/ops/archive";
import { writeBackup } from "../../src/server/ops/backup";
import { singleConnection } from "../../src/server/ops/connection";
import { RestoreRefused, restoreBackup } from "../../src/server/ops/restore";
import { customer, newProject, setCompanyLegal } from "../factories";
import { pngOfSize } from "../setup/images";
import { approveNdaAs, signNdaFor, submitProfile } from "../setup/onboarding";
import { createTestApp, recordQueuedEmails, signIn, type TestApp } from "../setup/test-app";
import { TEST_ENV } from "../setup/test-env";

const serverUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), "bp-backup-test-"));
const ADMIN = "admin@blueprint.local";
const OWNER = "restored.owner@example.com";

function pdfsig(bytes: Buffer, name: string): string {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? "");
  }
}

/** A fresh, empty target: a new DATA_DIR's embedded database, or a new database on the test PostgreSQL server. */
async function emptyTarget(): Promise<{ url: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(work, "data-"));
  if (!serverUrl) return { url: `pglite://${path.join(dataDir, "pglite")}`, dataDir, drop: async () => {} };
  const name = `bp_restore_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

let source: TestApp;
let archive: string;
let manifest: Manifest;
let projectCount = 0;
let before: { projects: unknown; projectId: string; signedNda: Buffer; file: Buffer; fileUrl: string; receipt: Buffer };
const screenshot = pngOfSize(300_000);

beforeAll(async () => {
  source = await createTestApp();
  const app = source.app;
  await setCompanyLegal(app.ctx.db);
  const owner = await customer(app, OWNER, "Rita Restored");
  await submitProfile(app, owner.cookie, { fullName: "Rita Restored", company: "Restored Ltd" });
  const profileId = await signNdaFor(app, owner.cookie, OWNER);
  const admin = await signIn(app, ADMIN, "Site Admin");
  await approveNdaAs(app, admin, ADMIN, profileId);
  const project = await newProject(app, owner);
  const stored = await storeProjectFile(app.ctx, {
    projectId: project.id,
    kind: "feedback_screenshot",
    bytes: screenshot,
    createdBy: owner.userId,
  });
  const paid = await app.inject({
    method: "PATCH",
    url: `/api/company/projects/${project.id}`,
    headers: { cookie: admin },
    payload: { advancePaymentAmount: "2,500.00", advancePaymentReceivedDate: "2026-03-05T10:00:00.000Z" },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  // Other customers, so the restore has more than one of each.
  for (const n of [1, 2, 3]) await newProject(app, await customer(app, `other${n}@example.com`, `Other ${n}`));
  const get = (url: string) => app.inject({ method: "GET", url, headers: { cookie: owner.cookie } });
  before = {
    projects: (await get("/api/projects")).json(),
    projectId: project.id,
    signedNda: (await get("/api/nda/download/signed")).rawPayload,
    file: (await get(stored.url)).rawPayload,
    fileUrl: stored.url,
    receipt: (await get(`/api/projects/${project.id}/payments/advance/receipt`)).rawPayload,
  };
  expect(pdfsig(before.receipt, "receipt-before.pdf")).toContain("Signature Validation: Signature is Valid.");
  archive = path.join(work, "blueprint.tar");
  const connection = await singleConnection(source.database);
  try {
    const counted = await connection.runner.query("select count(*)::int as n from projects");
    projectCount = (counted.rows[0] as { n: number }).n;
    manifest = await writeBackup({
      connection,
      kind: source.database.kind,
      out: archive,
      fileStorage: { backend: "database" },
      dataDir: null,
      migrationsFolder: migrationsFolder(),
    });
  } finally {
    connection.release();
  }
}, 240_000);

afterAll(async () => {
  await source?.close();
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${serverUrl ? "PostgreSQL" : "PGlite"})`, () => {
  it("writes a manifest with the migration, each table's rows and every part's SHA-256", () => {
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    const rows = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    expect(rows.users).toBeGreaterThanOrEqual(5);
    expect(rows.projects).toBe(projectCount);
    expect(rows.nda_signatures).toBeGreaterThanOrEqual(1);
    expect(manifest.files.map((f) => f.size)).toContain(screenshot.length);
    for (const part of [...manifest.tables, ...manifest.files]) expect(part.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Generated columns are computed again by the restore, not carried.
    expect(manifest.tables.find((t) => t.name === "projects")?.columns).not.toContain("project_name_search");
    const listing = execFileSync("tar", ["-tf", archive], { encoding: "utf8" }).split("\n");
    expect(listing[0]).toBe("manifest.json");
    expect(listing).toContain("tables/projects.jsonl.gz");
  });

  it("restores into an empty target that then serves the customer everything, the sealed PDFs verifying", async () => {
    const target = await emptyTarget();
    try {
      const restored = await restoreBackup({
        file: archive,
        databaseUrl: target.url,
        fileStorage: { backend: "database" },
        dataDir: target.dataDir,
        force: false,
      });
      expect(restored.tables.length).toBe(manifest.tables.length);
      const database = await openDatabase({ url: target.url });
      const config = loadConfig({
        ...TEST_ENV,
        ...(serverUrl ? { DATABASE_URL: target.url } : { DATABASE_URL: "", DATA_DIR: target.dataDir }),
      });
      const app = await buildApp({ config, database, serveClient: false, logger: false, scheduledJobs: false });
      try {
        await app.ready();
        recordQueuedEmails(app);
        // Signing in through the code routes again: the restored user, not a new one.
        const cookie = await signIn(app, OWNER, "Rita Restored");
        const get = (url: string) => app.inject({ method: "GET", url, headers: { cookie } });
        expect((await get("/api/projects")).json()).toEqual(before.projects);
        const signedNda = await get("/api/nda/download/signed");
        expect(signedNda.statusCode).toBe(200);
        expect(pdfsig(signedNda.rawPayload, "nda.pdf")).toContain("Signature Validation: Signature is Valid.");
        expect(pdfsig(before.signedNda, "nda-before.pdf")).toContain("Signature Validation: Signature is Valid.");
        const file = await get(before.fileUrl);
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(screenshot)).toBe(true);
        const receipt = await get(`/api/projects/${before.projectId}/payments/advance/receipt`);
        expect(receipt.statusCode, receipt.body).toBe(200);
        expect(pdfsig(receipt.rawPayload, "receipt.pdf")).toContain("Signature Validation: Signature is Valid.");
        // The derived counts came back as they were, not counted twice by the triggers.
        const admin = await signIn(app, ADMIN, "Site Admin");
        const list = await app.inject({ method: "GET", url: "/api/company/projects", headers: { cookie: admin } });
        expect(list.json().total).toBe(projectCount);
        // New rows after the restore get fresh ids and numbers (sequences set).
        await newProject(app, await customer(app, "after.restore@example.com", "After Restore"));
      } finally {
        await app.close();
        await database.close();
      }
      // The target now holds a portal: a second restore is refused, and nothing changes.
      const again = restoreBackup({
        file: archive,
        databaseUrl: target.url,
        fileStorage: { backend: "database" },
        dataDir: target.dataDir,
        force: false,
      });
      await expect(again).rejects.toBeInstanceOf(RestoreRefused);
      await expect(again).rejects.toThrow(/not empty \(.*users \d+.*\).*--force/);
      // With --force it replaces everything: the portal is the backup's again (the project added since is gone).
      await restoreBackup({
        file: archive,
        databaseUrl: target.url,
        fileStorage: { backend: "database" },
        dataDir: target.dataDir,
        force: true,
      });
      const check = await openDatabase({ url: target.url });
      try {
        const connection = await singleConnection(check);
        const { rows } = await connection.runner.query("select count(*)::int as n from projects");
        connection.release();
        expect(rows[0]).toEqual({ n: projectCount });
      } finally {
        await check.close();
      }
    } finally {
      await target.drop();
    }
  }, 300_000);

  it("refuses a damaged archive before touching the target", async () => {
    const damaged = path.join(work, "damaged.tar");
    const bytes = readFileSync(archive);
    // Flip one byte inside the last part's data (the archive ends with two zero blocks).
    const at = bytes.length - 1024 - 600;
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    await expect(
      restoreBackup({
        file: damaged,
        databaseUrl: "memory://",
        fileStorage: { backend: "database" },
        dataDir: work,
        force: false,
      }),
    ).rejects.toThrow(/damaged|incomplete/);
  });
});
