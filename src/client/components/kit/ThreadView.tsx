// One conversation as customers and the company both see it: the first message, then its replies (Markdown through
// the safe renderer, the company's side marked), the meeting's time and link for a meeting thread, and a reply box
// for those who may post. Sending is the caller's: ReplyForm only checks the reply with the shared schema.
import { Mail, Reply, Video } from "lucide-react";
import type { ReactNode } from "react";
import {
  COMMUNICATION_LIMITS,
  type Communication,
  type NewReplyInput,
  newReplySchema,
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

export function ThreadView(props: { thread: Communication; now: Date; children?: ReactNode }) {
  const { thread } = props;
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
