// EXPLAIN (ANALYZE, BUFFERS) of the statements the admin project list, a search with a status filter, a deep page and
// the stats run, captured from the real code on a seeded database (see admin.ts): the plans in docs/performance.md.
//   BENCH_DATABASE_URL=postgres://…/bp_bench node --import tsx scripts/bench/admin-explain.ts
import pg from "pg";
import { openDatabase } from "../../src/server/db/client";
import { getAdminStats } from "../../src/server/features/admin/get-admin-stats";
import { listAdminProjects } from "../../src/server/features/admin/list-admin-projects";
import type { ProjectListQuery } from "../../src/shared/schemas/admin";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("Set BENCH_DATABASE_URL to the seeded database");
const d = await openDatabase({ url });
type Statement = string | { text: string; values?: unknown[] };
type Query = (statement: Statement, ...rest: unknown[]) => unknown;
// The pool client is wrapped to see the statements as sent.
const db = d.db as unknown as { session: { client: { query: Query } } };
const captured: Array<{ text: string; values: unknown[] }> = [];
const orig = db.session.client.query.bind(db.session.client);
db.session.client.query = (q: Statement, ...rest: unknown[]) => {
  const params = (rest[0] ?? []) as unknown[];
  captured.push(typeof q === "string" ? { text: q, values: params } : { text: q.text, values: q.values ?? params });
  return orig(q, ...rest);
};
const base: ProjectListQuery = {
  search: "",
  status: "all",
  package: "all",
  due: "all",
  update: "all",
  payment: "all",
  sort: "createdAt",
  order: "desc",
  page: 1,
  pageSize: 20,
};
const only = process.env.BENCH_ONLY;
const cases: Array<[string, () => Promise<unknown>]> = [
  ["admin project list, page 1 (GET /api/company/projects)", () => listAdminProjects(d.db, base)],
  [
    'search "chen" + status development (GET /api/company/projects?search=chen&status=development)',
    () => listAdminProjects(d.db, { ...base, search: "chen", status: "development" }),
  ],
  [
    'search "garcia" (finds "García") + status development (GET /api/company/projects?search=garcia&status=development)',
    () => listAdminProjects(d.db, { ...base, search: "garcia", status: "development" }),
  ],
  [
    'search "0002", a part of codes (GET /api/company/projects?search=0002)',
    () => listAdminProjects(d.db, { ...base, search: "0002" }),
  ],
  [
    "status development, page 200 (GET /api/company/projects?status=development&page=200)",
    () => listAdminProjects(d.db, { ...base, status: "development", page: 200 }),
  ],
  [
    "the last page of 50,000 at 20 a page (GET /api/company/projects?page=2500&pageSize=20)",
    () => listAdminProjects(d.db, { ...base, page: 2500 }),
  ],
  ["stats (GET /api/company/stats)", () => getAdminStats(d.db)],
];
const client = new pg.Client({ connectionString: url });
await client.connect();
for (const [name, run] of cases) {
  if (only && !name.includes(only)) continue;
  captured.length = 0;
  await run();
  console.log(`#### ${name}\n`);
  for (const q of captured) {
    const shown = q.text.replace(/"projects"\."[a-z_]+", /g, "").replace(/\$(\d+)(, \$\d+)+/, "$$$1, …");
    const { rows } = await client.query(`explain (analyze, buffers, costs off) ${q.text}`, q.values);
    console.log(
      "```\n" +
        shown.slice(0, 600) +
        (shown.length > 600 ? " …" : "") +
        "\n\n" +
        rows.map((r) => r["QUERY PLAN"]).join("\n") +
        "\n```\n",
    );
  }
}
await client.end();
process.exit(0);
