// What `npm run backup` and `npm run restore` share: the configuration the server reads (the same environment and
// .env), and a plain message instead of a stack trace for what the operator can fix.
import { existsSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError, loadConfig } from "../config";
import { migrationsFolder, openDatabase } from "../db/client";
import { EmbeddedFormatError } from "../db/embedded-format";
import { NewerDatabaseError } from "../db/migration-level";
import type { Manifest } from "./archive";
import { BackupRefused, writeBackup } from "./backup";
import { singleConnection } from "./connection";
import { RestoreRefused, restoreBackup } from "./restore";

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function fail(error: unknown): never {
  const plain =
    error instanceof RestoreRefused ||
    error instanceof BackupRefused ||
    error instanceof EmbeddedFormatError ||
    error instanceof NewerDatabaseError;
  console.error(plain ? `Cannot continue: ${(error as Error).message}` : error);
  process.exit(plain ? 2 : 1);
}

function summary(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  return `${manifest.tables.length} tables (${rows} rows), ${manifest.files.length} stored files, migration ${manifest.migration.tag ?? "none"}`;
}

const USAGE_BACKUP = "usage: npm run backup -- --out FILE   (stop the server first when the database is the embedded one)";
const USAGE_RESTORE = "usage: npm run restore -- FILE [--force]   (into an empty DATA_DIR or database; the server stopped)";

export async function backupCommand(argv: string[]): Promise<void> {
  const at = argv.indexOf("--out");
  const out = at >= 0 ? argv[at + 1] : undefined;
  if (!out || argv.includes("--help")) {
    console.error(USAGE_BACKUP);
    process.exit(out ? 0 : 64);
  }
  const config = configOrExit();
  const embedded = config.databaseUrl.startsWith("pglite://") ? config.databaseUrl.slice("pglite://".length) : null;
  if (embedded && !existsSync(path.join(embedded, "PG_VERSION"))) {
    console.error(`Cannot continue: there is no embedded database in ${embedded} (DATA_DIR=${config.dataDir}) to back up.`);
    process.exit(2);
  }
  try {
    const handle = await openDatabase({ url: config.databaseUrl });
    try {
      const connection = await singleConnection(handle);
      try {
        const manifest = await writeBackup({
          connection,
          kind: handle.kind,
          out,
          fileStorage: config.fileStorage,
          dataDir: config.dataDir,
          migrationsFolder: migrationsFolder(),
          log: (line) => console.log(line),
        });
        console.log(`backup written to ${path.resolve(out)}: ${summary(manifest)}`);
        if (manifest.extras.length > 0) {
          console.log("it holds DATA_DIR's generated keys too: keep it as private as the database itself");
        }
      } finally {
        connection.release();
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    fail(error);
  }
}

export async function restoreCommand(argv: string[]): Promise<void> {
  const file = argv.find((arg) => !arg.startsWith("--"));
  if (!file || argv.includes("--help")) {
    console.error(USAGE_RESTORE);
    process.exit(file ? 0 : 64);
  }
  const config = configOrExit();
  try {
    const manifest = await restoreBackup({
      file,
      databaseUrl: config.databaseUrl,
      fileStorage: config.fileStorage,
      dataDir: config.dataDir,
      force: argv.includes("--force"),
      log: (line) => console.log(line),
    });
    console.log(`restored ${summary(manifest)} from ${path.resolve(file)}`);
  } catch (error) {
    fail(error);
  }
}
