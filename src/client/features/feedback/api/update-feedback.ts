// PATCH /api/projects/{id}/feedback/{feedbackId}: a tester's edit of their item (until the company has edited it),
// or the company's review (status and adminComment, which the server takes from the company only and stamps with
// its own adminUpdatedAt). The lists, Recent Activity and the bell are asked again.
import { useQueryClient } from "@tanstack/react-query";
import type { FeedbackItem, UpdateFeedbackInput } from "../../../../shared/schemas/feedback";
import { ApiError, apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import type { MutationConfig } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { feedbackFormData } from "./feedback-body";
import { feedbackQueryKey } from "./get-feedback";
import { invalidateAfterFeedbackChange } from "./invalidate-after-feedback-change";

/**
 * The fields to change. `screenshot` is a new image to store (multipart); to remove the stored one (company only)
 * send `screenshotUrl: null` without a `screenshot`.
 */
export type FeedbackEdit = Omit<UpdateFeedbackInput, "adminUpdatedAt" | "projectId"> & { screenshot?: Blob | null };
export type FeedbackUpdate = { id: string; edit: FeedbackEdit };

export function updateFeedback(projectId: string, { id, edit }: FeedbackUpdate) {
  const { screenshot, ...fields } = edit;
  const url = API.feedbackItem.path({ projectId, feedbackId: id });
  if (!screenshot) return apiRequest<FeedbackItem>("PATCH", url, fields);
  const { screenshotUrl: _replaced, ...text } = fields;
  return apiRequest<FeedbackItem>("PATCH", url, feedbackFormData(text, screenshot));
}

export function useUpdateFeedback(
  projectId: string,
  config: MutationConfig<(update: FeedbackUpdate) => Promise<FeedbackItem>> = {},
) {
  const queryClient = useQueryClient();
  return useAction({
    ...config,
    mutationFn: (update: FeedbackUpdate) => updateFeedback(projectId, update),
    onSuccess: async (...args) => {
      await invalidateAfterFeedbackChange(queryClient, projectId);
      return config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      // The company reviewed the item meanwhile: the list is asked again so it shows the item locked.
      const [error] = args;
      if (error instanceof ApiError && error.code === "FEEDBACK_LOCKED") {
        await queryClient.invalidateQueries({ queryKey: feedbackQueryKey(projectId) });
      }
      return config.onError?.(...args);
    },
  });
}
