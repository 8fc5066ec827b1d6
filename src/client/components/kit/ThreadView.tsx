// One conversation as customers and the company both see it: the first message, then its replies (Markdown through
// the safe renderer, the company's side marked), the meeting's time and link for a meeting thread, and a reply box
// for those who may post. Sending is the caller's: ReplyForm only checks the reply with the shared schema.
import { Mail, Reply, Video } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  COMMUNICATION_LIMITS,
  type Communication,
  type CommunicationReply,
  type CommunicationReplyPage,
  type NewReplyInput,
  newReplySchema,
  THREAD_REPLY_PREVIEW,
} from "../../../shared/schemas/communications";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatTime, formatWeekdayDate, timeAgo } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Textarea } from "../ui/input";
import { NewTabLink } from "../ui/new-tab-link";
import { toast } from "../ui/use-toast";
import { MarkdownView } from "./MarkdownView";

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
        <MarkdownView markdown={props.content} className="mt-1 wrap-anywhere text-sm text-slate-700" />
      </div>
    </article>
  );
}

/** A page of a thread's replies, latest first (page 1 is the newest): the caller's route for them. */
export type LoadReplies = (page: number, pageSize: number) => Promise<CommunicationReplyPage>;

/**
 * The thread's replies shown: the older ones loaded on demand and the newest the thread carries, each once, oldest
 * first. The next page to ask for follows from how many are shown, so replies arriving meanwhile skip none (a repeat
 * is dropped by its id).
 */
function useOlderReplies(thread: Communication, load: LoadReplies | undefined) {
  const [older, setOlder] = useState<CommunicationReply[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const byId = new Map<string, CommunicationReply>();
  for (const reply of [...older, ...thread.replies]) byId.set(reply.id, reply);
  const shown = [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const hasMore = load !== undefined && shown.length < thread.replyCount;
  const loadMore = async () => {
    if (!load) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await load(Math.floor(shown.length / THREAD_REPLY_PREVIEW) + 1, THREAD_REPLY_PREVIEW);
      setOlder((current) => [...page.items, ...current]);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return { shown, hasMore, loading, failed, loadMore };
}

export function ThreadView(props: { thread: Communication; now: Date; loadReplies?: LoadReplies; children?: ReactNode }) {
  const { thread } = props;
  const replies = useOlderReplies(thread, props.loadReplies);
  return (
    <div className="grid gap-5">
      {thread.type === "meeting" && thread.scheduledFor && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Video className="size-4 text-brand-600" aria-hidden="true" />
          {formatWeekdayDate(thread.scheduledFor)}, {formatTime(thread.scheduledFor)}
          {thread.meetingUrl && (
            <NewTabLink href={thread.meetingUrl} className="font-medium text-brand-700 underline">
              Join Meeting
            </NewTabLink>
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
      {replies.hasMore && (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" size="sm" disabled={replies.loading} onClick={replies.loadMore}>
            {replies.loading ? "Loading…" : "Show older replies"}
          </Button>
          <span className="text-xs text-slate-500">
            {thread.replyCount - replies.shown.length} older{" "}
            {thread.replyCount - replies.shown.length === 1 ? "reply" : "replies"}
          </span>
          {replies.failed && (
            <span role="alert" className="text-xs text-red-700">
              Could not load older replies. Please try again.
            </span>
          )}
        </div>
      )}
      {replies.shown.length > 0 && (
        <ol className="grid gap-4 border-l-2 border-slate-200 pl-4" aria-label="Replies">
          {replies.shown.map((r) => (
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
      {props.children}
    </div>
  );
}

/** The reply box: the shared reply schema, the server's field message on the field, the pending button. */
export function ReplyForm(props: {
  id: string;
  label: string;
  onReply: (body: NewReplyInput) => Promise<unknown>;
  successText: string;
}) {
  const form = useSchemaForm(newReplySchema, { content: "" });
  const pending = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (body) => {
    try {
      await props.onReply(body);
      form.reset({ content: "" });
      toast({ title: props.successText });
    } catch (error) {
      setServerFieldErrors(form, serverFieldErrors(error));
      toast({ title: "Error", description: serverMessage(error, "Failed to send reply"), variant: "destructive" });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Field id={props.id} label={props.label} labelClassName="sr-only" error={form.formState.errors.content?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={COMMUNICATION_LIMITS.content}
            placeholder="Write a reply…"
            {...form.register("content")}
          />
        )}
      </Field>
      <Button type="submit" size="sm" className="justify-self-end" disabled={pending}>
        <Reply aria-hidden="true" />
        {pending ? "Sending..." : "Send Reply"}
      </Button>
    </form>
  );
}
