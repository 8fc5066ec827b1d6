// /communications: New Message (also opened by ?openMessage=true, which is then removed from the URL),
// Scheduled Meetings, and the conversation with the Blueprint team as threads, live over the event stream. Beside the
// project's threads, General support (`?scope=general`) is the customer's own conversation with the team: all a
// customer has before their first project, so Contact Support always leads somewhere.
import { FolderKanban, LifeBuoy, MessageSquarePlus, MessagesSquare, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { accessAllows } from "../../../shared/domain/project-access";
import { GENERAL_SUPPORT, GENERAL_THREADS } from "../../../shared/schemas/communications";
import { ListState } from "../../components/kit/ListState";
import { hasPages, Pager } from "../../components/kit/Pager";
import { PageHeader } from "../../components/layout/PageHeader";
import { ProjectsLoadError } from "../../components/project/ProjectsLoadError";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { useFallbackPolling } from "../../lib/live-status";
import { POLL_MS } from "../../lib/query-client";
import { usePageOf } from "../../lib/use-page-of";
import { useSelectedProject } from "../projects/api/use-selected-project";
import { useCommunications } from "./api/get-communications";
import { NewCommunicationForm } from "./NewCommunicationForm";
import { ScheduledMeetings } from "./ScheduledMeetings";
import { ThreadCard } from "./ThreadCard";

export function CommunicationsPage() {
  const { projects, selected } = useSelectedProject();
  const [params, setParams] = useSearchParams();
  // General support: asked for in the URL, or all there is before the customer's first project.
  const general = params.get(GENERAL_SUPPORT.param) === GENERAL_THREADS || (projects.isSuccess && !selected);
  const scope = general ? GENERAL_THREADS : selected?.id;
  // Live like a project's: the company's answer in General support notifies the customer, and that event refreshes the
  // list (features/live/refresh-by-tag.ts); without the stream it polls.
  const refetchInterval = useFallbackPolling(POLL_MS.communicationsFallback);
  const [page, setPage] = usePageOf(scope);
  const threads = useCommunications(scope, { page, show: "all" }, { refetchInterval });
  const [composing, setComposing] = useState(params.get("openMessage") === "true");
  const [focusThread] = useState(params.get("thread"));
  // General support is the customer's own: they may always write there.
  const canPost = general || accessAllows(selected?.accessLevel, "post");
  const now = new Date(threads.dataUpdatedAt || Date.now());

  const showScope = (nextGeneral: boolean) => {
    const next = new URLSearchParams(params);
    next.delete("thread");
    if (nextGeneral) next.set(GENERAL_SUPPORT.param, GENERAL_THREADS);
    else next.delete(GENERAL_SUPPORT.param);
    setParams(next);
  };

  // Contact Support and the dashboard link here with ?openMessage=true: the panel opens, the parameter goes. An
  // email's ?thread= stays, so the address is still the link's (and a reload opens the same thread).
  useEffect(() => {
    if (!params.has("openMessage")) return;
    if (params.get("openMessage") === "true") setComposing(true);
    const next = new URLSearchParams(params);
    next.delete("openMessage");
    setParams(next, { replace: true });
  }, [params, setParams]);

  const newMessage = (
    <Button onClick={() => setComposing(true)} disabled={!scope || !canPost || composing}>
      <MessageSquarePlus aria-hidden="true" />
      New Message
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Communications"
        description="Messages and meetings with the Blueprint team. Replies arrive here and by email."
        actions={scope && !canPost ? undefined : newMessage}
      />

      {selected && <ConversationChooser projectCode={selected.projectCode} general={general} onChoose={showScope} />}

      {projects.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">Loading communications</span>
          <Skeleton className="h-32" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : projects.isError && !selected && !general ? (
        <ProjectsLoadError onRetry={() => projects.refetch()} retrying={projects.isFetching} />
      ) : !scope ? null : (
        <>
          {general && !selected && (
            <p className="mb-6 flex items-start gap-2 rounded-lg border border-brand-100 bg-brand-50/60 p-3 text-sm text-slate-700">
              <LifeBuoy className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                You have no project yet, and you can still reach us: write to the team here about anything, from getting started
                to your NDA. Your project&apos;s own conversation opens here once it exists.
              </span>
            </p>
          )}
          {composing && canPost && (
            <Card className="mb-8 border-brand-200">
              <CardHeader className="flex-row items-start justify-between gap-4">
                <div className="grid gap-1.5">
                  <CardTitle>{general ? `New Communication · ${GENERAL_SUPPORT.label}` : "New Communication"}</CardTitle>
                  <CardDescription>
                    {general
                      ? "Ask the team anything that is not about one project. Support replies within 2-4 hours."
                      : "Send the team a message, or propose a meeting with a link and a time. Support replies within 2-4 hours."}
                  </CardDescription>
                </div>
                <Button variant="ghost" size="icon" aria-label="Close" onClick={() => setComposing(false)}>
                  <X aria-hidden="true" />
                </Button>
              </CardHeader>
              <CardContent>
                <NewCommunicationForm projectId={scope} onDone={() => setComposing(false)} />
              </CardContent>
            </Card>
          )}

          <ListState
            isLoading={threads.isLoading}
            error={threads.error}
            isEmpty={false}
            emptyText=""
            errorText="Messages could not be loaded. Check your connection and try again."
            onRetry={() => threads.refetch()}
          >
            <ScheduledMeetings projectId={scope} refetchInterval={refetchInterval} />
            <section aria-labelledby="conversation-title">
              <h2 id="conversation-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
                {general ? (
                  <LifeBuoy className="size-5 text-brand-600" aria-hidden="true" />
                ) : (
                  <MessagesSquare className="size-5 text-brand-600" aria-hidden="true" />
                )}
                {general ? GENERAL_SUPPORT.label : "Messages"}
              </h2>
              {threads.data?.total === 0 ? (
                <Card>
                  <CardContent className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                    <MessagesSquare className="size-10 text-slate-300" aria-hidden="true" />
                    <p className="font-semibold text-slate-900">No messages yet</p>
                    <p className="max-w-md text-sm text-slate-600">
                      {general
                        ? `${GENERAL_SUPPORT.description} The team answers here and by email.`
                        : "Ask a question, share feedback on the plan, or propose a meeting. The team answers here and by email."}
                    </p>
                    {canPost && !composing && (
                      <Button className="mt-2" onClick={() => setComposing(true)}>
                        <MessageSquarePlus aria-hidden="true" />
                        Send your first message
                      </Button>
                    )}
                  </CardContent>
                </Card>
              ) : (
                <>
                  <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
                    {(threads.data?.items ?? []).map((thread) => (
                      <li key={thread.id}>
                        <ThreadCard
                          thread={thread}
                          projectId={scope}
                          canPost={canPost}
                          initiallyOpen={thread.id === focusThread}
                          now={now}
                        />
                      </li>
                    ))}
                  </ul>
                  {threads.data && hasPages(threads.data) && <Pager of={threads.data} onPage={setPage} />}
                </>
              )}
            </section>
          </ListState>
        </>
      )}
    </>
  );
}

/** Which conversation is shown: the project in view, or General support (the customer's own, beside any project). */
function ConversationChooser(props: { projectCode: string; general: boolean; onChoose: (general: boolean) => void }) {
  const option = (active: boolean) =>
    cn(
      "flex min-w-0 flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors sm:flex-none",
      active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
    );
  return (
    <fieldset className="mb-6 flex w-full min-w-0 gap-1 rounded-lg bg-slate-100 p-1 sm:w-fit" aria-label="Conversation">
      <button
        type="button"
        className={option(!props.general)}
        aria-pressed={!props.general}
        onClick={() => props.onChoose(false)}
      >
        <FolderKanban className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">
          {/* On a phone the code alone fits beside General support; the word stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">Project </span>
          <span className="font-mono">{props.projectCode}</span>
        </span>
      </button>
      <button type="button" className={option(props.general)} aria-pressed={props.general} onClick={() => props.onChoose(true)}>
        <LifeBuoy className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{GENERAL_SUPPORT.label}</span>
      </button>
    </fieldset>
  );
}
