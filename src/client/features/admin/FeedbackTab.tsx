// Feedback Management tab (part 2 §2) on the spec's calls: GET /api/company/feedback, and the admin's status change
// PATCH /api/projects/{projectId}/feedback/{feedbackId}. Filters by project and status; screenshot view.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ADMIN_MESSAGES } from "../../../shared/schemas/admin";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, serverMessage } from "../../lib/api";
import { shortDate } from "./admin-format";
import { ListState } from "./list-parts";

type FeedbackItem = {
  id: string;
  projectId: string;
  projectCode?: string | null;
  feedbackType: "error" | "enhancement";
  status: "pending" | "done";
  issueFaced: string;
  changeDescription: string;
  screenshotUrl: string | null;
  adminComment: string | null;
  createdAt: string;
};
type FeedbackList = FeedbackItem[] | { items: FeedbackItem[] };

const KEY = ["admin", "feedback"] as const;
const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  { value: "pending", label: "Pending" },
  { value: "done", label: "Done" },
];

export function FeedbackTab() {
  const feedback = useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const data = await apiRequest<FeedbackList>("GET", "/api/company/feedback");
      return Array.isArray(data) ? data : data.items;
    },
    staleTime: 0,
  });
  const [project, setProject] = useState("all");
  const [status, setStatus] = useState("all");
  const projectOptions = useMemo(() => {
    const codes = new Map<string, string>();
    for (const item of feedback.data ?? []) codes.set(item.projectId, item.projectCode ?? item.projectId.slice(0, 8));
    return [{ value: "all", label: "All projects" }, ...[...codes].map(([value, label]) => ({ value, label }))];
  }, [feedback.data]);
  const shown = (feedback.data ?? []).filter(
    (f) => (project === "all" || f.projectId === project) && (status === "all" || f.status === status),
  );

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">Feedback Management</h2>
          <div className="flex flex-wrap gap-2">
            <Select
              aria-label="Feedback project filter"
              value={project}
              onValueChange={setProject}
              options={projectOptions}
              className="w-44"
            />
            <Select
              aria-label="Feedback status filter"
              value={status}
              onValueChange={setStatus}
              options={STATUS_OPTIONS}
              className="w-40"
            />
          </div>
        </div>
        <ListState
          isLoading={feedback.isLoading}
          error={feedback.error}
          isEmpty={shown.length === 0}
          emptyText={ADMIN_MESSAGES.noFeedback}
          onRetry={() => feedback.refetch()}
        >
          <ul className="space-y-4">
            {shown.map((item) => (
              <FeedbackCard key={item.id} item={item} />
            ))}
          </ul>
        </ListState>
      </CardContent>
    </Card>
  );
}

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState(item.adminComment ?? "");
  const save = useMutation({
    mutationFn: (body: { status?: FeedbackItem["status"]; adminComment?: string }) =>
      apiRequest("PATCH", `/api/projects/${item.projectId}/feedback/${item.id}`, {
        ...body,
        adminUpdatedAt: new Date().toISOString(),
      }),
    onSuccess: () => {
      toast({ title: "Feedback updated successfully", variant: "success" });
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) =>
      toast({
        title: ADMIN_MESSAGES.updateFailed,
        description: serverMessage(error, "Failed to update feedback"),
        variant: "destructive",
      }),
  });
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={item.feedbackType === "error" ? "danger" : "default"}>
          {item.feedbackType === "error" ? "Error" : "Enhancement"}
        </Badge>
        <Badge variant={item.status === "done" ? "success" : "warning"}>{item.status === "done" ? "Done" : "Pending"}</Badge>
        <span className="font-mono text-xs text-slate-600">{item.projectCode ?? ""}</span>
        <span className="text-xs text-slate-500">{shortDate(item.createdAt)}</span>
        <Select
          aria-label="Feedback status"
          value={item.status}
          onValueChange={(value) => save.mutate({ status: value as FeedbackItem["status"] })}
          options={STATUS_OPTIONS.slice(1)}
          className="ml-auto w-32"
        />
      </div>
      <p className="mt-3 text-sm font-medium text-slate-900">Issue</p>
      <p className="whitespace-pre-line text-sm text-slate-700">{item.issueFaced}</p>
      <p className="mt-2 text-sm font-medium text-slate-900">Change needed</p>
      <p className="whitespace-pre-line text-sm text-slate-700">{item.changeDescription}</p>
      {item.screenshotUrl && (
        <a href={item.screenshotUrl} target="_blank" rel="noreferrer noopener" className="mt-3 block w-fit">
          <img
            src={item.screenshotUrl}
            alt="Screenshot attached to the feedback"
            className="max-h-48 rounded-lg border border-slate-200"
          />
        </a>
      )}
      <form
        className="mt-3 flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ adminComment: comment.trim() });
        }}
      >
        <Textarea
          aria-label="Admin response"
          rows={2}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder="Admin response"
        />
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save response
        </Button>
      </form>
    </li>
  );
}
