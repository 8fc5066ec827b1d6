// After the console changes a project's row (its details, status, BRD or invoices): that project's reads and the
// console's lists over every project, through the one tag map (features/live/refresh-by-tag.ts).
import type { QueryClient } from "@tanstack/react-query";
import { rowTag, tableTag } from "../../../../shared/live-tags";
import { refreshTags } from "../../../lib/tag-refresh";

export function refreshProject(queryClient: QueryClient, projectId: string): Promise<void> {
  return refreshTags(queryClient, [rowTag("projects", "id", projectId), tableTag("projects")]);
}
