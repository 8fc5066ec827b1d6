// GET /api/projects/{id}/feedback: the project's feedback, newest first, filtered by status and paged on the server.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { FEEDBACK_PAGE_SIZE, type FeedbackPage, type FeedbackStatus } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export type FeedbackFilter = FeedbackStatus | "all";
export type FeedbackListParams = { status: FeedbackFilter; page: number };

/** Every page and filter of one project's feedback sits under this key (mutations invalidate it whole). */
export const feedbackQueryKey = (projectId: string) => API.feedback.key({ projectId });

export const getFeedback = (projectId: string, params: FeedbackListParams) =>
  apiRequest<FeedbackPage>(
    "GET",
    API.feedback.path({ projectId }, { page: params.page, pageSize: FEEDBACK_PAGE_SIZE, status: params.status }),
  );

export const feedbackQueryOptions = (projectId: string, params: FeedbackListParams) =>
  queryOptions({
    queryKey: API.feedback.key({ projectId }, params),
    queryFn: () => getFeedback(projectId, params),
    // The page being left stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useFeedback(projectId: string | undefined, params: FeedbackListParams) {
  return useQuery({ ...feedbackQueryOptions(projectId ?? "", params), enabled: Boolean(projectId) });
}
