// The pager under every paged list: "11–20 of 42", Previous and Next; nothing when the list is empty.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../ui/button";

/** One page of a list as the server answers it. */
type PageReply = { page: number; pageSize: number; total: number };

/** Whether the list runs over more than one page (a short list on a customer's page goes without a pager). */
export function hasPages(reply: PageReply): boolean {
  return reply.total > reply.pageSize;
}

export function Pager({ of: reply, onPage }: { of: PageReply; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(reply.total / reply.pageSize));
  if (reply.total === 0) return null;
  const from = (reply.page - 1) * reply.pageSize + 1;
  const to = Math.min(reply.total, reply.page * reply.pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <span className="whitespace-nowrap">
        {from.toLocaleString()}–{to.toLocaleString()} of {reply.total.toLocaleString()}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={reply.page <= 1} onClick={() => onPage(reply.page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="whitespace-nowrap tabular-nums">
          {reply.page} / {pages.toLocaleString()}
        </span>
        <Button variant="outline" size="sm" disabled={reply.page >= pages} onClick={() => onPage(reply.page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
