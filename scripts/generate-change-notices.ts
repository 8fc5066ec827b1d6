// Brings the change-notice triggers in line with the table → tag map (src/shared/change-notices.ts): migrates a new
// in-memory database through every migration in drizzle/, compares its triggers with the map's and writes what differs
// as a new migration (its checksum recorded). A shipped migration is never edited: a database that ran it would never
// run it again. Run after changing the map (a test fails until then):
//   node --import tsx scripts/generate-change-notices.ts [migrations folder, default drizzle/]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { changeNoticeStatements, changeNoticesMigration, installedChangeNotices } from "../src/server/cache/change-notices";
import { openDatabase } from "../src/server/db/client";
import { addMigration, checksumProblems } from "../src/server/db/migration-files";

const folder = path.resolve(process.argv[2] ?? fileURLToPath(new URL("../drizzle", import.meta.url)));
const changed = checksumProblems(folder).filter(({ kind }) => kind !== "unrecorded");
if (changed.length > 0) {
  console.error(changed.map(({ message }) => message).join("\n"));
  process.exit(1);
}

const database = await openDatabase({ url: "memory://", pgliteTemplateDir: null });
try {
  // As the server's migrate(): the schema's trigram indexes need the extension first.
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder: folder });
  const statements = changeNoticeStatements(await installedChangeNotices(database.db));
  if (statements.length === 0) {
    console.log("the migrations already install the triggers the map asks for: nothing to write");
  } else {
    const tag = addMigration(folder, "change_notices", changeNoticesMigration(statements));
    console.log(`wrote ${path.join(folder, `${tag}.sql`)} (${statements.length} statements) and its journal entry and checksum`);
  }
} finally {
  await database.close();
}
