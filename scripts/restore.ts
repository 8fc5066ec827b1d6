// npm run restore -- FILE [--force]: a backup into an empty DATA_DIR or database (src/server/ops/restore.ts).
import { restoreCommand } from "../src/server/ops/cli";

await restoreCommand(process.argv.slice(2));
