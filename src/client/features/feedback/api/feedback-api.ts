// The feedback endpoints on the client: one owner per endpoint (query options + hook, or mutation with what it
// invalidates). Response types come from the shared schemas.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CompanyFeedbackPage,
  CompanyFeedbackQuery,
  FeedbackContextInput,
  FeedbackFormValues,
  FeedbackItem,
  FeedbackPage,
  FeedbackStatus,
} from "../../../../shared/schemas/feedback";
import { FEEDBACK_PAGE_SIZE } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { projectsQueryKey } from "../../projects/api/get-projects";

export type FeedbackFilter = FeedbackStatus | "all";

const feedbackBase = (projectId: string) => ["/api/projects", projectId, "feedback"] as const;
export const COMPANY_FEEDBACK_KEY = ["/api/company/feedback"] as const;

/** GET /api/company/feedback — every project's feedback for the admin console, filtered and paged on the server. */
export function companyFeedbackQuery(params: Partial<CompanyFeedbackQuery>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "" && value !== "all") search.set(key, String(value));
  }
  return queryOptions({
    queryKey: [...COMPANY_FEEDBACK_KEY, params] as const,
    queryFn: () => apiRequest<CompanyFeedbackPage>("GET", `/api/company/feedback?${search}`),
    placeholderData: (previous) => previous,
    // Admin views load with no caching (part 2 §4).
    staleTime: 0,
  });
}

export function useCompanyFeedback(params: Partial<CompanyFeedbackQuery>) {
  return useQuery(companyFeedbackQuery(params));
}

/** GET /api/projects/{id}/feedback — newest first, filtered and paged on the server. */
export function projectFeedbackQuery(projectId: string, filter: { status: FeedbackFilter; page: number }) {
  const search = new URLSearchParams({ page: String(filter.page), pageSize: String(FEEDBACK_PAGE_SIZE) });
  if (filter.status !== "all") search.set("status", filter.status);
  return queryOptions({
    queryKey: [...feedbackBase(projectId), filter.status, filter.page] as const,
    queryFn: () => apiRequest<FeedbackPage>("GET", `/api/projects/${projectId}/feedback?${search}`),
    placeholderData: (previous) => previous,
  });
}

export function useProjectFeedback(projectId: string | undefined, filter: { status: FeedbackFilter; page: number }) {
  return useQuery({ ...projectFeedbackQuery(projectId ?? "", filter), enabled: Boolean(projectId) });
}

export type FrameCheck = { reachable: boolean; frameable: boolean; reason: string | null };

/** GET /api/projects/{id}/prototype/frame-check — whether the prototype allows being framed by the portal. */
export function prototypeFrameCheckQuery(projectId: string, prototypeUrl: string | null) {
  return queryOptions({
    queryKey: ["/api/projects", projectId, "prototype", "frame-check", prototypeUrl] as const,
    queryFn: () => apiRequest<FrameCheck>("GET", `/api/projects/${projectId}/prototype/frame-check`),
    staleTime: 60_000,
    retry: false,
  });
}

export type FeedbackSubmission = FeedbackFormValues & {
  /** The (marked-up) image to store, or null for none. */
  screenshot: Blob | null;
  context: FeedbackContextInput;
};

/** Sends the fields and the image as multipart/form-data (the server also takes the spec's JSON data URL). */
function sendMultipart(method: "POST" | "PATCH", url: string, form: FormData): Promise<FeedbackItem> {
  return apiRequest<FeedbackItem>(method, url, form);
}

function formDataOf(values: Partial<FeedbackFormValues>, screenshot: Blob | null, context?: FeedbackContextInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.set(key, String(value));
  if (context) form.set("context", JSON.stringify(context));
  if (screenshot) {
    const extension = screenshot.type.split("/")[1]?.replace("jpeg", "jpg") ?? "png";
    form.set("screenshot", screenshot, `screenshot.${extension}`);
  }
  return form;
}

/** POST /api/projects/{id}/feedback — invalidates the project's feedback lists. */
export function useSubmitFeedback(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ screenshot, context, ...values }: FeedbackSubmission) =>
      sendMultipart("POST", `/api/projects/${projectId}/feedback`, formDataOf(values, screenshot, context)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackBase(projectId) }),
  });
}

/** A tester's edit of their item, or the company's review (status and reply, which the server takes from it alone). */
export type FeedbackEdit = Partial<FeedbackFormValues & { status: FeedbackStatus; adminComment: string }> & {
  screenshot: Blob | null;
};

/** PATCH /api/projects/{id}/feedback/{feedbackId} — a tester's edit or the admin's review; invalidates the lists. */
export function useUpdateFeedback(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: FeedbackEdit }) => {
      const { screenshot, ...values } = edit;
      return sendMultipart("PATCH", `/api/projects/${projectId}/feedback/${id}`, formDataOf(values, screenshot));
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackBase(projectId) }),
        queryClient.invalidateQueries({ queryKey: COMPANY_FEEDBACK_KEY }),
        queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
      ]),
  });
}
