// What a new or edited feedback item changes: the project's and the company's feedback lists, Recent Activity and
// the bell.
import type { QueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import { ownRowTag, refreshTags } from "../../../lib/tag-refresh";

export function invalidateAfterFeedbackChange(queryClient: QueryClient, projectId: string): Promise<void> {
  return refreshTags(queryClient, [
    rowTag("feedback", "project_id", projectId),
    ownRowTag(queryClient, "activity_events", "user_id"),
  ]);
}
