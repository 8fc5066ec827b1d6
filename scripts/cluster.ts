// npm run cluster [-- --processes 2 --port 8080]: N built portal processes on one PostgreSQL behind nginx.
// DATABASE_URL names the database; without it, a `blueprint_cluster` database on the local server is used.
import { parseArgs } from "node:util";
import pg from "pg";
import { startCluster } from "./lib/cluster";

const { values } = parseArgs({
  options: { processes: { type: "string", default: "2" }, port: { type: "string", default: "8080" } },
});
const processes = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(processes) || processes < 1 || processes > 16) throw new Error("--processes must be 1 to 16");

async function localDatabase(): Promise<string> {
  const server = process.env.CLUSTER_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'blueprint_cluster'");
  if (exists.rowCount === 0) await client.query("create database blueprint_cluster");
  await client.end();
  const url = new URL(server);
  url.pathname = "/blueprint_cluster";
  return url.toString();
}

const databaseUrl = process.env.DATABASE_URL ?? (await localDatabase());
if (!/^postgres(ql)?:\/\//.test(databaseUrl))
  throw new Error("the cluster needs PostgreSQL: set DATABASE_URL to a postgres:// URL");
const cluster = await startCluster({ databaseUrl, processes, port, env: { APP_URL: `http://localhost:${port}` } });
console.log(
  `${processes} portal processes behind nginx at http://localhost:${port} (database ${databaseUrl.replace(/\/\/[^@]*@/, "//")})`,
);
console.log("Ctrl-C stops them all.");
const stop = async () => {
  await cluster.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
