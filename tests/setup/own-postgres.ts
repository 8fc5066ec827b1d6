// A throwaway PostgreSQL server for tests that stop, restart or share a database between processes: its own data
// folder in a temp dir and a free port, never the shared server on 5432. Run as the postgres user when we are root
// (initdb refuses root).
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const BIN = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export type OwnPostgres = {
  url: string;
  port: number;
  start(): void;
  /** Fast shutdown: open connections are terminated, as in a real restart or crash-stop. */
  stop(): void;
  restart(): void;
  destroy(): void;
};

function runAsOwner(command: string, args: string[], uid: number | null): void {
  const [file, argv] = uid === null ? [command, args] : ["runuser", ["-u", "postgres", "--", command, ...args]];
  execFileSync(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "bp-own-pg-"));
  const dataDir = path.join(dir, "data");
  const isRoot = process.getuid?.() === 0;
  let ownerUid: number | null = null;
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
    ownerUid = uid;
  }
  runAsOwner(path.join(BIN, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], ownerUid);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => runAsOwner(path.join(BIN, "pg_ctl"), ["-D", dataDir, "-w", "-t", "30", ...args], ownerUid);
  const start = () => pgCtl("-o", options, "-l", path.join(dir, "log"), "start");
  const stop = () => pgCtl("-m", "fast", "stop");
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart() {
      stop();
      start();
    },
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
