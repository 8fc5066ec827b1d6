// One conversation on the customer's page: a folding card with the unread marker around the ThreadView and its reply
// box for those who may post. Opening a thread marks it read; replies arriving while it is open are read too.
import { ChevronDown, Video } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { COMMUNICATION_MESSAGES, type Communication } from "../../../shared/schemas/communications";
import { ReplyForm, ThreadView } from "../../components/kit/ThreadView";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { timeAgo } from "../../lib/date-time";
import { getThreadReplies } from "./api/get-thread-replies";
import { useMarkThreadRead } from "./api/mark-thread-read";
import { useReplyToCommunication } from "./api/reply-to-communication";

export function ThreadCard(props: {
  thread: Communication;
  projectId: string;
  canPost: boolean;
  initiallyOpen?: boolean;
  now: Date;
}) {
  const { thread } = props;
  const [open, setOpen] = useState(Boolean(props.initiallyOpen));
  const markRead = useMarkThreadRead(props.projectId);
  const sendReply = useReplyToCommunication(props.projectId);
  const bodyId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const unread = thread.unreadCount > 0;
  const last = thread.replies.at(-1);

  useEffect(() => {
    if (props.initiallyOpen) cardRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [props.initiallyOpen]);

  // Open and unread (on opening, or a reply arrived live while open): mark it read.
  const { mutate: markThreadRead } = markRead;
  useEffect(() => {
    if (open && unread) markThreadRead(thread.id);
  }, [open, unread, thread.id, markThreadRead]);

  return (
    <Card ref={cardRef} className={cn("scroll-mt-24 overflow-hidden", unread && "border-brand-300 ring-1 ring-brand-200")}>
      <button
        type="button"
        className="flex w-full items-start gap-3 p-4 text-left hover:bg-slate-50 sm:p-5"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        <span
          className={cn("mt-2 size-2.5 shrink-0 rounded-full", unread ? "bg-brand-600" : "bg-transparent")}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{thread.subject}</span>
            {thread.type === "meeting" && (
              <Badge variant="outline">
                <Video className="size-3" aria-hidden="true" /> Meeting
              </Badge>
            )}
            {unread && <Badge variant="default">{thread.unreadCount} new</Badge>}
          </span>
          <span className="mt-1 block truncate text-sm text-slate-600">
            {last ? `${last.authorName}: ${last.content}` : `${thread.authorName}: ${thread.content}`}
          </span>
          <span className="mt-1 block text-xs text-slate-500">
            {thread.replyCount === 0 ? "No replies yet" : `${thread.replyCount} ${thread.replyCount === 1 ? "reply" : "replies"}`}{" "}
            · <time dateTime={thread.lastActivityAt}>{timeAgo(thread.lastActivityAt, props.now)}</time>
          </span>
        </span>
        <ChevronDown
          className={cn("mt-1 size-5 shrink-0 text-slate-400 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div id={bodyId} className="border-t border-slate-100 bg-slate-50/50 p-4 sm:p-5">
          <ThreadView
            thread={thread}
            now={props.now}
            loadReplies={(page, pageSize) => getThreadReplies(props.projectId, thread.id, page, pageSize)}
          >
            {props.canPost ? (
              <ReplyForm
                id={`${bodyId}-reply`}
                label="Reply"
                successText={COMMUNICATION_MESSAGES.replySent}
                onReply={(body) => sendReply.mutateAsync({ projectId: props.projectId, communicationId: thread.id, body })}
              />
            ) : (
              <p className="text-sm text-slate-500">{COMMUNICATION_MESSAGES.viewOnly}</p>
            )}
          </ThreadView>
        </div>
      )}
    </Card>
  );
}
