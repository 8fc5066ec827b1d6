// The console's search, filters, sort and page live in the URL, so a filtered view can be shared and survives reload.
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { PACKAGE_TYPES } from "../../../shared/constants/packages";
import { PROJECT_STATUSES } from "../../../shared/domain/project-status";
import { PROJECT_SORTS, type ProjectListQuery } from "../../../shared/schemas/admin";

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value && (list as readonly string[]).includes(value) ? (value as T) : fallback;

export function useAdminFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => ({
      search: params.get("q") ?? "",
      status: oneOf(["all", ...PROJECT_STATUSES] as const, params.get("status"), "all"),
      package: oneOf(["all", ...PACKAGE_TYPES] as const, params.get("package"), "all"),
      sort: oneOf(PROJECT_SORTS, params.get("sort"), "createdAt"),
      order: oneOf(["asc", "desc"] as const, params.get("order"), "desc"),
      page: Math.max(1, Number(params.get("page")) || 1),
      tab: params.get("tab") ?? "projects",
    }),
    [params],
  );
  const update = (changes: Partial<Record<"q" | "status" | "package" | "sort" | "order" | "page" | "tab", string | number>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const text = String(value ?? "");
          if (!text || text === "all" || (key === "page" && text === "1") || (key === "tab" && text === "projects"))
            next.delete(key);
          else next.set(key, text);
        }
        // A new search or filter starts again from the first page.
        if (!("page" in changes) && !("tab" in changes)) next.delete("page");
        return next;
      },
      { replace: true },
    );
  };
  const listQuery: Partial<ProjectListQuery> = {
    search: filters.search,
    status: filters.status,
    package: filters.package,
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
  };
  return { filters, update, listQuery };
}
