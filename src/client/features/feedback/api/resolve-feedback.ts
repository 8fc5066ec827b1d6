// The feedback loop's calls (issue 28, part 4): the company marks an item fixed in a version or won't fix
// (POST /api/company/projects/{id}/feedback/{feedbackId}/resolution); the customer confirms the fix or reopens it
// (POST /api/projects/{id}/feedback/{feedbackId}/confirm | reopen). The lists, Recent Activity and the bell follow.
import { useQueryClient } from "@tanstack/react-query";
import type { FeedbackItem, ResolveFeedbackInput } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { useAction } from "../../../lib/use-action";
import { invalidateAfterFeedbackChange } from "./invalidate-after-feedback-change";

export function useResolveFeedback(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ id, body }: { id: string; body: ResolveFeedbackInput }) =>
      apiRequest<FeedbackItem>("POST", API.feedbackResolution.path({ projectId, feedbackId: id }), body),
    onSuccess: () => invalidateAfterFeedbackChange(queryClient, projectId),
  });
}

export function useConfirmFeedback(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (id: string) => apiRequest<FeedbackItem>("POST", API.feedbackConfirm.path({ projectId, feedbackId: id })),
    onSuccess: () => invalidateAfterFeedbackChange(queryClient, projectId),
  });
}

export function useReopenFeedback(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<FeedbackItem>("POST", API.feedbackReopen.path({ projectId, feedbackId: id }), { reason }),
    onSuccess: () => invalidateAfterFeedbackChange(queryClient, projectId),
  });
}
