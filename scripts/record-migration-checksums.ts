// Records the SHA-256 of every migration in drizzle/meta/_journal.json not recorded yet (drizzle/meta/_checksums.json).
// Run after `npm run db:generate` or a hand-written migration: node --import tsx scripts/record-migration-checksums.ts.
// It refuses to record a shipped migration again: a test fails when one differs from its recorded file.
import { fileURLToPath } from "node:url";
import { recordNewChecksums } from "../src/server/db/migration-files";

const folder = fileURLToPath(new URL("../drizzle", import.meta.url));
try {
  const added = recordNewChecksums(folder);
  console.log(added.length > 0 ? `recorded ${added.join(", ")}` : "every migration is recorded");
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
