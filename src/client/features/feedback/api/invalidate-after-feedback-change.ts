// What a new or edited feedback item changes: the project's and the company's feedback lists, Recent Activity and
// the bell.
import type { QueryClient } from "@tanstack/react-query";
import { activityQueryKey } from "../../dashboard/api/get-activity";
import { notificationsQueryKey } from "../../notifications/api/get-notifications";
import { companyFeedbackQueryKey } from "./get-company-feedback";
import { feedbackQueryKey } from "./get-feedback";

export async function invalidateAfterFeedbackChange(queryClient: QueryClient, projectId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: feedbackQueryKey(projectId) }),
    queryClient.invalidateQueries({ queryKey: companyFeedbackQueryKey }),
    queryClient.invalidateQueries({ queryKey: activityQueryKey }),
    queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  ]);
}
