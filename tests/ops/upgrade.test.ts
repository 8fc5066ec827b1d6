// Upgrades that cannot lose data (issue 47 §3): a build older than its database refuses to migrate it, naming both
// migrations; migrations at start run from one process at a time (PostgreSQL's advisory lock); an embedded folder of
// another PostgreSQL major is refused with the commands to run, or dumped and reloaded keeping the old folder.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../../src/server/db/client";
import {
  checkEmbeddedFormat,
  EmbeddedFormatError,
  embeddedFormatFile,
  installedEngine,
} from "../../src/server/db/embedded-format";
import { buildMigrations, NewerDatabaseError } from "../../src/server/db/migration-level";
import { singleConnection } from "../../src/server/ops/connection";
import { upgradeEmbeddedDatabase } from "../../src/server/ops/embedded-upgrade";
import { openTestDatabase } from "../setup/test-database";

const serverUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), "bp-upgrade-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const newest = buildMigrations(migrationsFolder()).at(-1);

describe("a database migrated by a newer build", () => {
  it("stops the migration with a message naming the database's migration and the build's last", async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      const connection = await singleConnection(database);
      try {
        const hash = "f".repeat(64);
        const when = (newest?.when ?? 0) + 60_000;
        await connection.runner.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
          hash,
          when,
        ]);
        // What the newer build recorded when it migrated.
        await connection.runner.query(
          "insert into drizzle.blueprint_migration_tags (hash, tag, created_at) values ($1, $2, $3)",
          [hash, "0099_from_the_future", when],
        );
      } finally {
        connection.release();
      }
      const refused = database.migrate();
      await expect(refused).rejects.toBeInstanceOf(NewerDatabaseError);
      await expect(refused).rejects.toThrow(
        `This database was migrated by a newer Blueprint (migration 0099_from_the_future); this build knows up to ${newest?.tag}. Upgrade the build, or restore a backup made for this version.`,
      );
    } finally {
      await database.close();
    }
  });
});

describe.runIf(serverUrl)("migrations at start on PostgreSQL", () => {
  it("run from one process at a time: two starting together on an empty database both come up, each migration once", async () => {
    const name = `bp_lock_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${name}`;
    const first = await openDatabase({ url: url.toString() });
    const second = await openDatabase({ url: url.toString() });
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      const connection = await singleConnection(first);
      const { rows } = await connection.runner.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      connection.release();
      expect(rows[0]).toEqual({ n: buildMigrations(migrationsFolder()).length });
    } finally {
      await first.close();
      await second.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});

describe("the embedded database's format", () => {
  const newer = { pglite: "9.0.0", postgres: "99" };

  it("is recorded beside a new folder; another PostgreSQL major is refused with the commands, or dumped and reloaded keeping the old folder", async () => {
    const dataDir = mkdtempSync(path.join(work, "data-"));
    const folder = path.join(dataDir, "pglite");
    const made = await openDatabase({ url: `pglite://${folder}`, pgliteTemplateDir: null });
    await made.migrate();
    const connection = await singleConnection(made);
    await connection.runner.query("insert into users (email, name) values ('kept@example.com', 'Kept Across')");
    await made.close();
    const engine = installedEngine();
    expect(JSON.parse(readFileSync(embeddedFormatFile(folder), "utf8"))).toMatchObject(engine);

    // A build whose PGlite embeds another major: the open stops before PGlite touches the files.
    expect(() => checkEmbeddedFormat(folder, newer)).toThrow(EmbeddedFormatError);
    expect(() => checkEmbeddedFormat(folder, newer)).toThrow(
      `was made by PGlite ${engine.pglite} (PostgreSQL ${engine.postgres}); this build's PGlite 9.0.0 embeds PostgreSQL 99`,
    );
    // Without the old engine installed, the start stops with the commands to run, and the folder is as it was.
    const without = upgradeEmbeddedDatabase({ folder, engine: newer, previousEngine: async () => null });
    await expect(without).rejects.toThrow(/npm run backup -- --out blueprint\.tar.*npm run restore -- blueprint\.tar/);
    expect(readdirSync(dataDir).sort()).toEqual(["pglite", "pglite-format.json"]);

    // With it (here the installed PGlite stands for the old one), the folder is dumped and reloaded.
    const oldEngine = { create: PGlite.create.bind(PGlite), extensions: { pg_trgm } };
    const lines: string[] = [];
    const upgraded = await upgradeEmbeddedDatabase({
      folder,
      engine: newer,
      previousEngine: async (major) => (major === engine.postgres ? (oldEngine as never) : null),
      log: (line) => lines.push(line),
    });
    expect(upgraded).toBe("upgraded");
    const kept = readdirSync(dataDir).filter((name) => name.startsWith(`pglite.pg${engine.postgres}-`));
    expect(kept.filter((name) => !name.endsWith(".json"))).toHaveLength(1);
    expect(existsSync(path.join(dataDir, kept[0] ?? "", "PG_VERSION"))).toBe(true);
    expect(readdirSync(dataDir).some((name) => name.endsWith(".tar"))).toBe(false);
    expect(lines.join("\n")).toContain("the old folder is kept as");
    const reopened = await openDatabase({ url: `pglite://${folder}` });
    try {
      const again = await singleConnection(reopened);
      const { rows } = await again.runner.query("select name from users where email = 'kept@example.com'");
      expect(rows).toEqual([{ name: "Kept Across" }]);
    } finally {
      await reopened.close();
    }
  }, 400_000);
});
