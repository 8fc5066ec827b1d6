// npm run backup -- --out FILE: one consistent archive of the database and the file store (src/server/ops/backup.ts).
import { backupCommand } from "../src/server/ops/cli";

await backupCommand(process.argv.slice(2));
