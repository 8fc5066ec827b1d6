// POST /api/projects/{id}/feedback: a new item with its context, and the (marked-up) screenshot when there is one;
// the project's feedback lists, Recent Activity and the bell are asked again.
import { useQueryClient } from "@tanstack/react-query";
import type { FeedbackContextInput, FeedbackFormValues, FeedbackItem } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import type { MutationConfig } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { feedbackFormData } from "./feedback-body";
import { invalidateAfterFeedbackChange } from "./invalidate-after-feedback-change";

export type FeedbackSubmission = FeedbackFormValues & {
  /** The image to store (after mark-up), or null for none. */
  screenshot: Blob | null;
  context: FeedbackContextInput;
};

export function createFeedback(projectId: string, { screenshot, context, ...values }: FeedbackSubmission) {
  const url = API.feedback.path({ projectId });
  // Without an image the body is plain JSON; with one, multipart keeps the bytes out of base64.
  if (!screenshot) return apiRequest<FeedbackItem>("POST", url, { ...values, context });
  return apiRequest<FeedbackItem>("POST", url, feedbackFormData(values, screenshot, context));
}

export function useCreateFeedback(
  projectId: string,
  config: MutationConfig<(submission: FeedbackSubmission) => Promise<FeedbackItem>> = {},
) {
  const queryClient = useQueryClient();
  return useAction({
    ...config,
    mutationFn: (submission: FeedbackSubmission) => createFeedback(projectId, submission),
    onSuccess: async (...args) => {
      await invalidateAfterFeedbackChange(queryClient, projectId);
      return config.onSuccess?.(...args);
    },
  });
}
