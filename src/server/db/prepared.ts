// Named prepared statements for hot reads, built once per database handle (the statement is bound to its driver).
import type { Database } from "./client";

export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (statement === undefined) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
