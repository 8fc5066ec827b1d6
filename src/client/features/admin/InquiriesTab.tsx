// Inquiries tab: what visitors sent through the contact forms, newest first, marked answered by the team.

import { DueBadge } from "../../components/kit/DueBadge";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { formatDateTime } from "../../lib/date-time";
import { useListState } from "../../lib/use-list-state";
import { useInquiries } from "./api/get-inquiries";
import { useSetInquiryStatus } from "./api/set-inquiry-status";
import { FilteredTabHeader } from "./FilteredTabHeader";

const OPTIONS = [
  { value: "all", label: "All inquiries" },
  { value: "new", label: "New" },
  { value: "answered", label: "Answered" },
];

const LIST = { status: ["new", "answered", "all"] } as const;

export function InquiriesTab() {
  const { state, set } = useListState(LIST, { scope: "inquiries" });
  const inquiries = useInquiries(state.status, state.page);
  const setInquiryStatus = useSetInquiryStatus();
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <FilteredTabHeader
          title="Inquiries"
          filter={{ label: "Inquiry status", value: state.status, onChange: (status) => set({ status }), options: OPTIONS }}
        />
        <ListState
          isLoading={inquiries.isLoading}
          error={inquiries.error}
          isEmpty={inquiries.data?.items.length === 0}
          emptyText="No inquiries found"
          onRetry={() => inquiries.refetch()}
        >
          <ul className="divide-y divide-slate-100">
            {inquiries.data?.items.map((inquiry) => (
              <li key={inquiry.id} className="flex flex-col gap-2 py-4 md:flex-row md:items-start">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {inquiry.name} <span className="font-normal text-slate-500">· {inquiry.company ?? "—"}</span>
                    <Badge variant={inquiry.status === "new" ? "warning" : "success"} className="ml-2">
                      {inquiry.status === "new" ? "New" : "Answered"}
                    </Badge>
                    {inquiry.status === "new" && <DueBadge kind="inquiry" since={inquiry.createdAt} className="ml-1" />}
                  </p>
                  <p className="text-sm text-slate-600">
                    <a className="text-brand-700 underline" href={`mailto:${inquiry.email}`}>
                      {inquiry.email}
                    </a>
                    {inquiry.phone ? ` · ${inquiry.phone}` : ""} · {formatDateTime(inquiry.createdAt)}
                  </p>
                  <p className="text-xs text-slate-500">
                    {[inquiry.projectType, inquiry.budget, inquiry.timeline].filter(Boolean).join(" · ")}
                  </p>
                  {inquiry.message && <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{inquiry.message}</p>}
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={setInquiryStatus.isPending}
                  onClick={() =>
                    setInquiryStatus.mutate({ id: inquiry.id, status: inquiry.status === "new" ? "answered" : "new" })
                  }
                >
                  {inquiry.status === "new" ? "Mark answered" : "Mark new"}
                </Button>
              </li>
            ))}
          </ul>
          {inquiries.data && <Pager of={inquiries.data} onPage={(page) => set({ page })} />}
        </ListState>
      </CardContent>
    </Card>
  );
}
