// After a thread changes (a new one, a reply, a read marker), its project's threads and the console's list ask again.
import type { QueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import { refreshTags } from "../../../lib/tag-refresh";

export function invalidateThreads(queryClient: QueryClient, projectId: string) {
  return refreshTags(queryClient, [rowTag("communications", "project_id", projectId)]);
}
