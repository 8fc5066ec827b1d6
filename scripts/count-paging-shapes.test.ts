import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pageQueryFields, pageSchema } from "../src/shared/schemas/paging";
import { BOUNDED_ARRAYS, type DeclaredRoute, pagingProblems } from "./count-paging-shapes";

const item = z.object({ id: z.string() });
const get = (url: string, querystring: unknown, reply: unknown): DeclaredRoute => ({
  method: "GET",
  url,
  schema: { ...(querystring === undefined ? {} : { querystring }), response: { 200: reply } },
});

describe("counting paging shapes", () => {
  it("counts none for a strict page/pageSize query answered with pageSchema, or a GET that is no list", () => {
    expect(
      pagingProblems([
        get("/api/things", z.strictObject({ status: z.string().optional(), ...pageQueryFields(20) }), pageSchema(item)),
        get("/api/bell", z.strictObject(pageQueryFields(20)), pageSchema(item).extend({ unreadCount: z.number() })),
        get("/api/profile", undefined, z.object({ id: z.string() }).nullable()),
        get("/api/draft", undefined, z.object({ summary: z.string(), items: z.number() })),
        { method: ["GET", "HEAD"], url: "/api/files/:id", schema: { querystring: z.strictObject({ download: z.string() }) } },
      ]),
    ).toEqual([]);
  });

  it("counts each other way: a lenient query, limit, cursor, half the fields, bare arrays, items without a page, cursors", () => {
    const problems = pagingProblems([
      get("/api/a", z.object(pageQueryFields(20)), pageSchema(item)),
      get("/api/b", z.strictObject({ limit: z.coerce.number() }), z.object({ items: z.array(item), unreadCount: z.number() })),
      get(
        "/api/c",
        z.strictObject({ ...pageQueryFields(20), cursor: z.string().optional() }),
        pageSchema(item).extend({ nextCursor: z.string() }),
      ),
      get("/api/d", undefined, z.array(item)),
      get("/api/e", z.strictObject({ page: z.number() }), z.object({ ok: z.boolean() })),
      get("/api/f", undefined, pageSchema(item)),
      { method: "POST", url: "/api/g", schema: { querystring: z.object({ x: z.string() }) } },
    ]);
    expect(problems).toEqual([
      "GET /api/a: its query string ignores parameters it does not name (make it z.strictObject)",
      "GET /api/b: pages with `limit` (use page and pageSize)",
      "GET /api/b: answers items without page, pageSize and total (answer pageSchema(item))",
      "GET /api/c: pages with `cursor` (use page and pageSize)",
      "GET /api/c: its reply carries `nextCursor` beside the page",
      "GET /api/d: answers a list as a bare array (answer pageSchema(item): items, page, pageSize, total)",
      "GET /api/e: takes only one of page and pageSize",
      "GET /api/e: takes page and pageSize but answers no page",
      "GET /api/f: answers a page but takes no page and pageSize (spread pageQueryFields into its query)",
      "POST /api/g: its query string ignores parameters it does not name (make it z.strictObject)",
    ]);
  });

  it("leaves out the bounded sets it names and what is not under /api/", () => {
    const [bounded = ""] = Object.keys(BOUNDED_ARRAYS);
    const [, url = ""] = bounded.split(" ");
    expect(
      pagingProblems([get(url, undefined, z.array(item)), get("/unsubscribe", z.object({ t: z.string() }), z.any())]),
    ).toEqual([]);
  });
});
