// The one way a list's filters become a query string: unset, empty and "all" (no filter) are left out, so the server
// sees only the filters that narrow the list and the same filters always make the same URL.

export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** `?a=1&b=2` from the set values, or "" when none is set. */
export function queryString(query: QueryValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "" || value === "all") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
