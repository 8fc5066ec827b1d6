// One conversation: the first message and its replies (Markdown through the safe renderer), an unread marker, and a
// reply box for those who may post. Opening a thread marks it read; replies arriving while it is open are read too.
import { ChevronDown, Loader2, Mail, Reply, Video } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { timeAgo } from "../../../shared/domain/dates";
import {
  COMMUNICATION_LIMITS,
  COMMUNICATION_MESSAGES,
  type Communication,
  newReplySchema,
} from "../../../shared/schemas/communications";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatTime, formatWeekdayDate } from "../../lib/date-time";
import { MarkdownView } from "../projects/MarkdownView";
import { useMarkThreadRead, useReplyToCommunication } from "./api/communications-api";

function Message(props: {
  authorName: string;
  fromCompany: boolean;
  createdAt: string;
  content: string;
  viaEmail?: boolean;
  now: Date;
}) {
  return (
    <article className="flex gap-3">
      <span
        aria-hidden="true"
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
          props.fromCompany ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-700",
        )}
      >
        {props.authorName.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-medium text-slate-900">{props.authorName}</span>
          {props.fromCompany && <Badge variant="default">Blueprint team</Badge>}
          <time
            dateTime={props.createdAt}
            title={`${formatWeekdayDate(props.createdAt)} ${formatTime(props.createdAt)}`}
            className="text-slate-500"
          >
            {timeAgo(props.createdAt, props.now)}
          </time>
          {props.viaEmail && (
            <span className="inline-flex items-center gap-1 text-xs text-slate-500">
              <Mail className="size-3" aria-hidden="true" /> by email
            </span>
          )}
        </p>
        <MarkdownView markdown={props.content} className="mt-1 break-words text-sm text-slate-700" />
      </div>
    </article>
  );
}

export function ThreadCard(props: {
  thread: Communication;
  projectId: string;
  canPost: boolean;
  initiallyOpen?: boolean;
  now: Date;
}) {
  const { thread } = props;
  const [open, setOpen] = useState(Boolean(props.initiallyOpen));
  const [reply, setReply] = useState("");
  const [replyError, setReplyError] = useState<string | undefined>();
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

  const submitReply = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = newReplySchema.safeParse({ content: reply });
    if (!parsed.success) {
      setReplyError(parsed.error.issues[0]?.message ?? COMMUNICATION_MESSAGES.contentRequired);
      return;
    }
    sendReply.mutate(
      { communicationId: thread.id, content: reply },
      {
        onSuccess: () => {
          setReply("");
          setReplyError(undefined);
          toast({ title: COMMUNICATION_MESSAGES.replySent });
        },
        onError: (error) =>
          toast({ title: "Error", description: serverMessage(error, "Failed to send reply"), variant: "destructive" }),
      },
    );
  };

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
        <div id={bodyId} className="grid gap-5 border-t border-slate-100 bg-slate-50/50 p-4 sm:p-5">
          {thread.type === "meeting" && thread.scheduledFor && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <Video className="size-4 text-brand-600" aria-hidden="true" />
              {formatWeekdayDate(thread.scheduledFor)}, {formatTime(thread.scheduledFor)}
              {thread.meetingUrl && (
                <a
                  href={thread.meetingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline"
                >
                  Join Meeting
                </a>
              )}
            </p>
          )}
          <Message
            authorName={thread.authorName}
            fromCompany={thread.fromCompany}
            createdAt={thread.createdAt}
            content={thread.content}
            now={props.now}
          />
          {thread.replies.length > 0 && (
            <ol className="grid gap-4 border-l-2 border-slate-200 pl-4" aria-label="Replies">
              {thread.replies.map((r) => (
                <li key={r.id}>
                  <Message
                    authorName={r.authorName}
                    fromCompany={r.fromCompany}
                    createdAt={r.createdAt}
                    content={r.content}
                    viaEmail={r.source === "email"}
                    now={props.now}
                  />
                </li>
              ))}
            </ol>
          )}
          {props.canPost ? (
            <form noValidate onSubmit={submitReply} className="grid gap-2">
              <Field id={`${bodyId}-reply`} label="Reply" labelClassName="sr-only" error={replyError}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    maxLength={COMMUNICATION_LIMITS.content}
                    placeholder="Write a reply…"
                    value={reply}
                    onChange={(event) => {
                      setReply(event.target.value);
                      if (replyError) setReplyError(undefined);
                    }}
                  />
                )}
              </Field>
              <Button type="submit" size="sm" className="justify-self-end" disabled={sendReply.isPending}>
                {sendReply.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Reply aria-hidden="true" />}
                {sendReply.isPending ? "Sending..." : "Send Reply"}
              </Button>
            </form>
          ) : (
            <p className="text-sm text-slate-500">{COMMUNICATION_MESSAGES.viewOnly}</p>
          )}
        </div>
      )}
    </Card>
  );
}
