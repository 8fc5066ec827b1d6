// One connection to either database, with transactions that hold it: PGlite has one connection for the whole
// process, so a transaction there goes through its own transaction() (which makes every other query wait), or the
// app's queries sent meanwhile would run inside it.
import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "../db/client";
import type { SqlRunner } from "../db/migration-level";

export type TransactionMode = "snapshot" | "write";

export type Connection = {
  runner: SqlRunner;
  /** snapshot: REPEATABLE READ, read only (one consistent view of every table); write: read committed. */
  transaction<T>(mode: TransactionMode, work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  release(): void;
};

const SNAPSHOT = "isolation level repeatable read, read only";

/** PGlite's own client, or one client out of the node-postgres pool for as long as the connection is held. */
export async function singleConnection(handle: DatabaseHandle): Promise<Connection> {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === "pglite") return pgliteConnection(client as PGlite);
  const pooled = await (client as { connect(): Promise<SqlRunner & { release(): void }> }).connect();
  return {
    runner: pooled,
    async transaction(mode, work) {
      await pooled.query(mode === "snapshot" ? `begin ${SNAPSHOT}` : "begin");
      try {
        const result = await work(pooled);
        await pooled.query("commit");
        return result;
      } catch (error) {
        await pooled.query("rollback").catch(() => {});
        throw error;
      }
    },
    release: () => pooled.release(),
  };
}

/** A PGlite client (of whichever PGlite version: the embedded upgrade reads an old folder with the old one). */
export function pgliteConnection(client: Pick<PGlite, "query" | "transaction">): Connection {
  return {
    runner: client as SqlRunner,
    transaction: (mode, work) =>
      client.transaction(async (tx) => {
        if (mode === "snapshot") await tx.query(`set transaction ${SNAPSHOT}`);
        return work(tx as SqlRunner);
      }),
    release() {},
  };
}
