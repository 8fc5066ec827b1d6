// Writes the change-notice trigger migration from the table → tag map in src/server/cache/change-notices.ts.
// Run after changing the map: node --import tsx scripts/generate-change-notices.ts (a test fails until it is).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHANGE_NOTICES_MIGRATION, changeNoticesMigration } from "../src/server/cache/change-notices";

const file = fileURLToPath(new URL(`../drizzle/${CHANGE_NOTICES_MIGRATION}.sql`, import.meta.url));
writeFileSync(file, changeNoticesMigration());
console.log(`wrote ${file}`);
