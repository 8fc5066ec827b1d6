// The URL as the request log records it. Query strings can carry secrets (an unsubscribe link's token, anything a
// future link adds), and logs are read by more people and kept longer than the database: only the parameters named
// here keep their values, every other value is written as [redacted] (issue 26).
const LOGGED_QUERY_PARAMETERS = new Set([
  "page",
  "pageSize",
  "limit",
  "offset",
  "sort",
  "order",
  "status",
  "package",
  "activityStatus",
  "show",
  "unread",
  "companyUnread",
  "type",
  "urgency",
  "due",
  "project",
  "projectId",
  "thread",
  "tab",
  "download",
]);

export const REDACTED = "[redacted]";

export function loggedUrl(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const parts: string[] = [];
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    const shown = LOGGED_QUERY_PARAMETERS.has(name) ? encodeURIComponent(value) : REDACTED;
    parts.push(`${encodeURIComponent(name)}=${shown}`);
  }
  return `${url.slice(0, start)}?${parts.join("&")}`;
}
