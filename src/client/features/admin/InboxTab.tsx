// The company's inbox: every thread of every project, newest activity first, by view (all, unread for the company,
// waiting for us, overdue) and project, paged on the server, all in the URL. A thread opens in place
// (/admin?tab=inbox&thread=<id>, the admins' emails link there), is marked read for the company, and is answered
// inline; "New message" starts a message or a meeting in any project.
import { ArrowLeft, CalendarClock, LifeBuoy, MessageSquarePlus, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import {
  COMMUNICATION_MESSAGES,
  type CompanyCommunication,
  GENERAL_SUPPORT,
  GENERAL_THREADS,
  INBOX_VIEWS,
  type InboxView,
  newCommunicationSchema,
} from "../../../shared/schemas/communications";
import {
  CommunicationFields,
  communicationBody,
  communicationFormValues,
  EMPTY_COMMUNICATION,
} from "../../components/kit/CommunicationFields";
import { DueBadge } from "../../components/kit/DueBadge";
import { FormDialog } from "../../components/kit/FormDialog";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { ReplyForm, ThreadView } from "../../components/kit/ThreadView";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { NewTabLink } from "../../components/ui/new-tab-link";
import { Select } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDateTime, formatTime, formatWeekdayDate } from "../../lib/date-time";
import { useSchemaForm } from "../../lib/form";
import { useListState } from "../../lib/use-list-state";
import { useCompanyCommunications } from "../communications/api/get-company-communications";
import { useCompanyThread } from "../communications/api/get-company-thread";
import { getThreadReplies } from "../communications/api/get-thread-replies";
import { useMarkThreadRead } from "../communications/api/mark-thread-read";
import { useReplyToCommunication } from "../communications/api/reply-to-communication";
import { useSendCommunication } from "../communications/api/send-communication";
import { ProjectFilter, ProjectSearchInput } from "./ProjectFilter";
import { useProjectOptions } from "./use-project-options";

export const INBOX_LIST = { show: INBOX_VIEWS, project: "text" } as const;
export const INBOX_SCOPE = "inbox";
/** The open thread: `thread=<id>` (unscoped, the emails' links name it so). */
export const INBOX_THREAD = { thread: "text" } as const;

const VIEW_LABELS: Record<InboxView, string> = {
  all: "All",
  unread: "Unread",
  waiting: "Waiting for us",
  overdue: "Overdue",
};
const EMPTY_TEXT: Record<InboxView, string> = {
  all: "No conversations yet",
  unread: "No unread conversations",
  waiting: "No customer is waiting for an answer",
  overdue: "Nothing is overdue",
};

/** The box that narrows a project list on the server, shown once there are more projects than the list holds. */
export function InboxTab() {
  const { state: thread, set: setThread } = useListState(INBOX_THREAD, { paged: false });
  const [composing, setComposing] = useState(false);
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        {thread.thread ? (
          <OpenThread threadId={thread.thread} onBack={() => setThread({ thread: "" })} />
        ) : (
          <ThreadList onOpen={(id) => setThread({ thread: id })} onCompose={() => setComposing(true)} />
        )}
      </CardContent>
      {composing && (
        <NewMessageDialog
          onClose={() => setComposing(false)}
          onSent={(id) => {
            setComposing(false);
            setThread({ thread: id });
          }}
        />
      )}
    </Card>
  );
}

function ThreadList(props: { onOpen: (id: string) => void; onCompose: () => void }) {
  const { state, set } = useListState(INBOX_LIST, { scope: INBOX_SCOPE });
  const list = useCompanyCommunications({
    show: state.show,
    projectId: state.project || undefined,
    page: state.page,
  });
  const counts: Partial<Record<InboxView, number>> = {
    unread: list.data?.unreadThreads,
    waiting: list.data?.waitingThreads,
    overdue: list.data?.overdueThreads,
  };
  const now = new Date();
  const general = state.project === GENERAL_THREADS;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Inbox ({list.data?.total ?? 0})</h2>
        <Button onClick={props.onCompose}>
          <MessageSquarePlus aria-hidden="true" />
          New message
        </Button>
      </div>
      <div className="mb-4 flex flex-col gap-2 md:flex-row md:items-center md:justify-between">
        <fieldset aria-label="Show" className="flex flex-wrap gap-1 rounded-lg border border-slate-200 p-0.5">
          {INBOX_VIEWS.map((view) => (
            <Button
              key={view}
              size="sm"
              variant={state.show === view ? "default" : "ghost"}
              aria-pressed={state.show === view}
              onClick={() => set({ show: view })}
            >
              {VIEW_LABELS[view]}
              {counts[view] ? <span className="tabular-nums">({counts[view]})</span> : null}
            </Button>
          ))}
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {/* General support threads have no project: they are a filter of their own beside the projects. */}
          <Button
            size="sm"
            variant={general ? "default" : "outline"}
            aria-pressed={general}
            onClick={() => set({ project: general ? "" : GENERAL_THREADS })}
          >
            <LifeBuoy aria-hidden="true" />
            {GENERAL_SUPPORT.label}
          </Button>
          <ProjectFilter
            label="Project filter"
            value={general ? "" : state.project}
            onChange={(project) => set({ project: project?.value ?? "" })}
          />
        </div>
      </div>
      <ListState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={list.data?.items.length === 0}
        emptyText={EMPTY_TEXT[state.show]}
        onRetry={() => list.refetch()}
        errorText="The inbox could not be loaded."
      >
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Conversations">
          {list.data?.items.map((item) => (
            <li key={item.id}>
              <ThreadRow item={item} now={now} onOpen={() => props.onOpen(item.id)} />
            </li>
          ))}
        </ul>
        {list.data && <Pager of={list.data} onPage={(page) => set({ page })} />}
      </ListState>
    </>
  );
}

function ServiceBadges({ item }: { item: CompanyCommunication }) {
  return (
    <>
      {item.companyUnread && <Badge variant="default">Unread</Badge>}
      {item.waitingForUs && item.waitingSince ? (
        <DueBadge kind="support" since={item.waitingSince} />
      ) : (
        item.waitingForUs && <Badge variant="warning">Waiting for us</Badge>
      )}
    </>
  );
}

function customerOf(item: CompanyCommunication) {
  return item.project?.customerName ?? item.customer.name ?? item.customer.email ?? item.project?.projectName ?? "Customer";
}

/** Where the thread is: the project's code, or "General support" with the customer's address beside their name. */
function ThreadPlace({ item }: { item: CompanyCommunication }) {
  if (item.project) {
    return (
      <>
        <span className="font-mono font-semibold text-slate-700">{item.project.projectCode}</span>
        <span className="min-w-0 [overflow-wrap:anywhere]">{customerOf(item)}</span>
      </>
    );
  }
  const { name, email } = item.customer;
  return (
    <>
      <Badge variant="outline" className="border-brand-200 bg-brand-50 text-brand-800">
        <LifeBuoy className="size-3" aria-hidden="true" />
        {GENERAL_SUPPORT.label}
      </Badge>
      <span className="min-w-0 [overflow-wrap:anywhere]">{name ? `${name} · ${email ?? ""}` : (email ?? "Customer")}</span>
    </>
  );
}

function ThreadRow({ item, onOpen }: { item: CompanyCommunication; now: Date; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        "flex w-full flex-col gap-1 p-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4",
        item.companyUnread && "bg-brand-50/40",
      )}
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <ThreadPlace item={item} />
        <span aria-hidden="true">·</span>
        <time dateTime={item.lastActivityAt}>{formatDateTime(item.lastActivityAt)}</time>
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <span
          className={cn("min-w-0 [overflow-wrap:anywhere] text-slate-900", item.companyUnread ? "font-semibold" : "font-medium")}
        >
          {item.subject}
        </span>
        <ServiceBadges item={item} />
      </span>
      <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        {item.type === "meeting" && item.scheduledFor && (
          <span className="inline-flex items-center gap-1 text-slate-700">
            <CalendarClock className="size-3" aria-hidden="true" />
            Meeting {formatWeekdayDate(item.scheduledFor)}, {formatTime(item.scheduledFor)}
          </span>
        )}
        <span>{item.replyCount === 0 ? "No replies" : `${item.replyCount} ${item.replyCount === 1 ? "reply" : "replies"}`}</span>
      </span>
    </button>
  );
}

function OpenThread({ threadId, onBack }: { threadId: string; onBack: () => void }) {
  const thread = useCompanyThread(threadId);
  const data = thread.data;
  // A general support thread is answered through the general scope, where a project's id goes.
  const projectId = data ? (data.projectId ?? GENERAL_THREADS) : "";
  const reply = useReplyToCommunication(projectId);
  const markRead = useMarkThreadRead(projectId);
  const marked = useRef<string | null>(null);
  const { mutate: markThreadRead } = markRead;

  // Opening a thread reads it for the company (one admin's read clears the company's unread marker).
  useEffect(() => {
    if (!data || marked.current === data.id) return;
    if (!data.companyUnread && data.unreadCount === 0) return;
    marked.current = data.id;
    markThreadRead(data.id);
  }, [data, markThreadRead]);

  return (
    <div className="grid gap-4">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to inbox
        </Button>
      </div>
      {thread.isLoading ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : thread.error || !data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-800">
          <p>{serverMessage(thread.error, "This conversation could not be loaded.")}</p>
          <Button variant="outline" className="mt-3" onClick={onBack}>
            Back to inbox
          </Button>
        </div>
      ) : (
        <article className="grid gap-4" aria-label={data.subject}>
          <header className="grid gap-1 border-b border-slate-100 pb-3">
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
              <ThreadPlace item={data} />
              {data.project?.projectName && <span className="[overflow-wrap:anywhere]">· {data.project.projectName}</span>}
            </p>
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
              <span className="min-w-0 [overflow-wrap:anywhere]">{data.subject}</span>
              {data.overdue ? (
                <Badge variant="danger">Overdue</Badge>
              ) : (
                data.waitingForUs && <Badge variant="warning">Waiting for us</Badge>
              )}
            </h3>
            {data.type === "meeting" && data.meetingUrl && (
              <p className="text-sm text-slate-700">
                {data.fromCompany ? "Meeting link: " : "Proposed meeting link: "}
                <NewTabLink href={data.meetingUrl} className="break-all text-brand-700 underline underline-offset-2">
                  {data.meetingUrl}
                </NewTabLink>
              </p>
            )}
          </header>
          <ThreadView
            key={data.id}
            thread={data}
            now={new Date()}
            loadReplies={(page, pageSize) => getThreadReplies(projectId, data.id, page, pageSize)}
          >
            <ReplyForm
              id={`inbox-reply-${data.id}`}
              label={`Reply to ${data.subject}`}
              successText={COMMUNICATION_MESSAGES.replySent}
              onReply={async (body) => {
                await reply.mutateAsync({ projectId, communicationId: data.id, body });
              }}
            />
          </ThreadView>
        </article>
      )}
    </div>
  );
}

const PROJECT_REQUIRED = "Please choose a project";

/**
 * The dialog's values (the project, and the meeting time as the viewer's datetime-local text) checked as the shared
 * communication schema: its messages land on the same fields, the project's own rule beside it.
 */
const newMessageFormSchema = communicationFormValues.extend({ projectId: z.string() }).transform((values, ctx) => {
  const body = communicationBody(values);
  if (!values.projectId) ctx.addIssue({ code: "custom", path: ["projectId"], message: PROJECT_REQUIRED });
  const parsed = newCommunicationSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
  if (!values.projectId || !parsed.success) return z.NEVER;
  return { projectId: values.projectId, body: parsed.data };
});

function NewMessageDialog(props: { onClose: () => void; onSent: (threadId: string) => void }) {
  const form = useSchemaForm(newMessageFormSchema, { projectId: "", ...EMPTY_COMMUNICATION });
  const [projectSearch, setProjectSearch] = useState("");
  const projects = useProjectOptions(projectSearch, form.watch("projectId") || undefined);
  const send = useSendCommunication(form.watch("projectId"));
  const errors = form.formState.errors;
  const type = form.watch("type");
  return (
    <FormDialog
      form={form}
      onClose={props.onClose}
      onSubmit={async ({ projectId, body }) => {
        const sent = await send.mutateAsync({ projectId, body });
        toast({ title: COMMUNICATION_MESSAGES.sent, variant: "success" });
        props.onSent(sent.id);
      }}
      title="New message"
      description="Start a conversation or propose a meeting in any project; the customer is emailed."
      submitLabel={type === "meeting" ? "Schedule Meeting" : "Send Message"}
      pendingLabel="Sending..."
      icon={<Send aria-hidden="true" />}
      errorText="The message could not be sent."
      formLabel="New message"
    >
      {projects.searchable && (
        <ProjectSearchInput id="inbox-new-project-search" value={projectSearch} onChange={setProjectSearch} />
      )}
      <Field id="inbox-new-project" label="Project" required error={errors.projectId?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="projectId"
            render={({ field }) => (
              <Select
                {...control}
                value={field.value}
                onValueChange={field.onChange}
                options={projects.options}
                placeholder={projects.isLoading ? "Loading projects..." : "Choose a project"}
              />
            )}
          />
        )}
      </Field>
      <CommunicationFields form={form} idPrefix="inbox-new" />
    </FormDialog>
  );
}
