// What every admin owner shares: admin data is never cached, and one refresh (Refresh Data, or any admin
// change) asks every admin read again: the console's own and the company views owned by other features.
import { type QueryKey, useQueryClient } from "@tanstack/react-query";

export const ADMIN_NO_CACHE = { staleTime: 0, gcTime: 60_000, refetchOnMount: "always" } as const;

const ADMIN_PATHS = ["/api/company/", "/api/customer-profile/"];

/** Whether a query reads admin data: its key starts with a company-only path. */
export function isAdminQueryKey(key: QueryKey): boolean {
  const first = key[0];
  return typeof first === "string" && ADMIN_PATHS.some((path) => first.startsWith(path));
}

export function useRefreshAdminData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isAdminQueryKey(query.queryKey) });
}

/** `?a=1&b=2` from the set values; empty, undefined and `all` (no filter) are left out. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "" && value !== "all") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A multipart body with one file part named `file` (the upload routes' field). */
export function fileForm(file: File): FormData {
  const body = new FormData();
  body.append("file", file);
  return body;
}
