import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { projectsQueryOptions } from "./get-projects";

/** GET /api/projects as the server answers it: `total` projects, `defaultPageSize` a page unless asked. */
function servePages(total: number, defaultPageSize: number) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const query = new URL(url, "http://portal.test").searchParams;
    const page = Number(query.get("page") ?? 1);
    const pageSize = Number(query.get("pageSize") ?? defaultPageSize);
    const ids = Array.from({ length: total }, (_, index) => ({ id: `p${index + 1}` }));
    const items = ids.slice((page - 1) * pageSize, page * pageSize);
    return new Response(JSON.stringify({ items, page, pageSize, total }), { status: 200 });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the project list's owner", () => {
  it("asks once, at the preloaded address, when the list fits one page", async () => {
    const asked = servePages(3, 50);
    const list = await new QueryClient().fetchQuery(projectsQueryOptions());
    expect(list.map((project) => project.id)).toEqual(["p1", "p2", "p3"]);
    expect(asked).toEqual(["/api/projects"]);
  });

  it("reads every further page at the server's page size and keeps the whole list, the first still first", async () => {
    const asked = servePages(120, 50);
    const list = await new QueryClient().fetchQuery(projectsQueryOptions());
    expect(list).toHaveLength(120);
    expect(list[0]?.id).toBe("p1");
    expect(new Set(list.map((project) => project.id)).size).toBe(120);
    expect(asked).toEqual(["/api/projects", "/api/projects?page=2&pageSize=50", "/api/projects?page=3&pageSize=50"]);
  });

  it("has nothing to list for a customer without projects", async () => {
    servePages(0, 50);
    expect(await new QueryClient().fetchQuery(projectsQueryOptions())).toEqual([]);
  });
});
