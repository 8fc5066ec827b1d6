// The pager under every paged list: "11–20 of 42", Previous and Next; nothing when the list is empty. A list paged by
// key hands its reply's cursors on with the page number (the server then seeks instead of counting rows).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../ui/button";

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, cursor?: string) => void;
  nextCursor?: string | null;
  previousCursor?: string | null;
};

export function Pager(props: PagerProps) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (props.total === 0) return null;
  const from = (props.page - 1) * props.pageSize + 1;
  const to = Math.min(props.total, props.page * props.pageSize);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <span>
        {from.toLocaleString()}–{to.toLocaleString()} of {props.total.toLocaleString()}
      </span>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1, props.previousCursor ?? undefined)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="tabular-nums">
          {props.page} / {pages.toLocaleString()}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={props.page >= pages}
          onClick={() => props.onPage(props.page + 1, props.nextCursor ?? undefined)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
