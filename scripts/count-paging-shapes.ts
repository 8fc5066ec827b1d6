// npm run check: the API's ways of paging other than the one (docs/decisions/0033-one-paged-shape.md): every list
// takes `page` and `pageSize` and answers `{ items, page, pageSize, total }`, and every query string refuses a
// parameter it does not name. Builds the real app on an in-memory database and reads every /api route's zod schemas
// as Fastify registers them, so a route's own inline schema counts as much as a shared one. Counted: a query string
// that ignores unknown parameters; a `limit`, `offset` or `cursor` parameter; half of page/pageSize; a GET answered
// with a bare array (except the bounded sets below, each with its bound); an `items` reply without page, pageSize and
// total, or with cursors beside them; a paged reply that cannot be asked for a page, or page fields with no page.
// Exit code 1 when the count is above zero; `--list` prints each route with its query fields and reply.
import path from "node:path";
import { z } from "zod";

/** A route as Fastify's onRoute hook sees it (only what is read here). */
export type DeclaredRoute = {
  method: string | string[];
  url: string;
  schema?: { querystring?: unknown; response?: Record<string, unknown> };
};

/**
 * GETs answered with a bare array because the set is bounded by a rule, so it is always one page: not lists that
 * grow with use. Each names its bound; a new bare array must either be paged or be added here with its bound.
 */
export const BOUNDED_ARRAYS: Record<string, string> = {
  "GET /api/projects/:id/users":
    "a project's members: at most its user limit (1 to 100, which is MAX_PAGE_SIZE); the spec polls this array every 5 s",
  "GET /api/projects/:id/documents":
    "a project's documents: the signed NDA, the brief, the BRD and one invoice per payment phase",
  "GET /api/plans": "the price list: one entry per package (PACKAGE_TYPES, three)",
  "GET /api/projects/:id/invoices":
    "a project's invoices: one live per payment phase (two) and those voided by a change, at most PROJECT_INVOICES_MAX (50)",
};

/** Query parameters of the other ways of paging. */
const OTHER_PAGING_PARAMETERS = ["limit", "offset", "cursor", "after", "before", "skip", "take", "perPage", "per_page"];
/** Reply fields of the other ways of paging. */
const OTHER_PAGING_REPLY_FIELDS = ["nextCursor", "previousCursor", "cursor", "hasMore", "next", "previous"];
const PAGE_FIELDS = ["items", "page", "pageSize", "total"] as const;

/** The schema under optional, nullable, default and readonly wrappers. */
function unwrap(schema: unknown): unknown {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodReadonly
  ) {
    current = current.unwrap();
  }
  return current;
}

function shapeOf(schema: unknown): Record<string, unknown> | null {
  const object = unwrap(schema);
  return object instanceof z.ZodObject ? (object.shape as Record<string, unknown>) : null;
}

/** A zod object that refuses keys it does not name (`z.strictObject`, or `.strict()`). */
function isStrict(schema: unknown): boolean {
  const object = unwrap(schema);
  if (!(object instanceof z.ZodObject)) return false;
  const catchall = (object._zod.def as { catchall?: { _zod: { def: { type: string } } } }).catchall;
  return catchall?._zod.def.type === "never";
}

function isNumber(schema: unknown): boolean {
  return unwrap(schema) instanceof z.ZodNumber;
}

function methodsOf(route: DeclaredRoute): string[] {
  // Fastify declares a HEAD beside every GET: the GET is the one counted.
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== "HEAD");
}

/** What is wrong with each API route's paging, one sentence each (none: the one paged shape). */
export function pagingProblems(routes: readonly DeclaredRoute[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (!route.url.startsWith("/api/")) continue;
    for (const method of methodsOf(route)) {
      const name = `${method} ${route.url}`;
      const query = route.schema?.querystring;
      const queryFields = query === undefined ? {} : (shapeOf(query) ?? {});
      if (query !== undefined && !isStrict(query)) {
        problems.push(`${name}: its query string ignores parameters it does not name (make it z.strictObject)`);
      }
      for (const field of OTHER_PAGING_PARAMETERS.filter((field) => field in queryFields)) {
        problems.push(`${name}: pages with \`${field}\` (use page and pageSize)`);
      }
      const asksPage = "page" in queryFields;
      const asksPageSize = "pageSize" in queryFields;
      if (asksPage !== asksPageSize) problems.push(`${name}: takes only one of page and pageSize`);
      if (method !== "GET") continue;

      const reply = unwrap(route.schema?.response?.["200"] ?? route.schema?.response?.[200]);
      if (reply instanceof z.ZodArray && !(name in BOUNDED_ARRAYS)) {
        problems.push(`${name}: answers a list as a bare array (answer pageSchema(item): items, page, pageSize, total)`);
      }
      const replyFields = shapeOf(reply);
      const listsItems = replyFields !== null && unwrap(replyFields.items) instanceof z.ZodArray;
      const paged = listsItems && PAGE_FIELDS.slice(1).every((field) => isNumber(replyFields?.[field]));
      if (listsItems && !paged) {
        problems.push(`${name}: answers items without page, pageSize and total (answer pageSchema(item))`);
      }
      for (const field of OTHER_PAGING_REPLY_FIELDS.filter((field) => replyFields && field in replyFields)) {
        problems.push(`${name}: its reply carries \`${field}\` beside the page`);
      }
      if (paged && !(asksPage && asksPageSize)) {
        problems.push(`${name}: answers a page but takes no page and pageSize (spread pageQueryFields into its query)`);
      }
      if (!paged && (asksPage || asksPageSize)) problems.push(`${name}: takes page and pageSize but answers no page`);
    }
  }
  return problems;
}

function describeRoute(route: DeclaredRoute): string {
  const query = Object.keys(shapeOf(route.schema?.querystring) ?? {});
  const reply = unwrap(route.schema?.response?.["200"] ?? route.schema?.response?.[200]);
  const answer = reply instanceof z.ZodArray ? "[…]" : `{ ${Object.keys(shapeOf(reply) ?? {}).join(", ")} }`;
  return `${methodsOf(route).join(",")} ${route.url}${query.length ? ` ?${query.join("&")}` : ""} → ${answer}`;
}

/** Every route of the real app, as declared (an in-memory database; nothing listens). */
async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const { buildApp } = await import("../src/server/app");
  const { loadConfig } = await import("../src/server/config");
  const config = loadConfig({
    NODE_ENV: "test",
    SECRET_KEY: "count-paging-shapes-secret-key-that-is-long-enough",
    LOG_LEVEL: "silent",
    DATABASE_URL: "memory://",
    APP_URL: "http://localhost:3000",
  });
  const routes: DeclaredRoute[] = [];
  const app = await buildApp({
    config,
    serveClient: false,
    logger: false,
    scheduledJobs: false,
    onRoute: (route) => routes.push(route as DeclaredRoute),
  });
  await app.ready();
  await app.close();
  return routes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const routes = await declaredRoutes();
  if (process.argv.includes("--list")) {
    for (const route of routes.filter((r) => r.url.startsWith("/api/") && methodsOf(r).includes("GET"))) {
      console.log(describeRoute(route));
    }
  }
  const problems = pagingProblems(routes);
  for (const problem of problems) console.log(problem);
  const lists = routes.filter(
    (route) => route.url.startsWith("/api/") && methodsOf(route).includes("GET") && shapeOf(route.schema?.querystring)?.page,
  ).length;
  console.log(
    problems.length === 0
      ? `One paged shape: ${lists} paged lists, every query string strict.`
      : `${problems.length} paging shape(s) other than { items, page, pageSize, total } with strict page/pageSize queries.`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
