// /communications: New Message (also opened by ?openMessage=true, which is then removed from the URL),
// Scheduled Meetings, and the conversation with the Blueprint team as threads, live over the event stream.
import { MessageSquarePlus, MessagesSquare, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { accessAllows } from "../../../shared/domain/project-access";
import { ListState } from "../../components/kit/ListState";
import { PageHeader } from "../../components/layout/PageHeader";
import { NoProjectFound } from "../../components/project/NoProjectFound";
import { ProjectsLoadError } from "../../components/project/ProjectsLoadError";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useFallbackPolling } from "../../lib/live-status";
import { POLL_MS } from "../../lib/query-client";
import { useSelectedProject } from "../projects/api/use-selected-project";
import { useCommunications } from "./api/get-communications";
import { NewCommunicationForm } from "./NewCommunicationForm";
import { ScheduledMeetings } from "./ScheduledMeetings";
import { ThreadCard } from "./ThreadCard";

export function CommunicationsPage() {
  const { projects, selected } = useSelectedProject();
  const threads = useCommunications(selected?.id, { refetchInterval: useFallbackPolling(POLL_MS.communicationsFallback) });
  const [params, setParams] = useSearchParams();
  const [composing, setComposing] = useState(params.get("openMessage") === "true");
  const [focusThread] = useState(params.get("thread"));
  const canPost = accessAllows(selected?.accessLevel, "post");
  const now = new Date(threads.dataUpdatedAt || Date.now());

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
    <Button onClick={() => setComposing(true)} disabled={!selected || !canPost || composing}>
      <MessageSquarePlus aria-hidden="true" />
      New Message
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Communications"
        description="Messages and meetings with the Blueprint team. Replies arrive here and by email."
        actions={selected && !canPost ? undefined : newMessage}
      />

      {projects.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">Loading communications</span>
          <Skeleton className="h-32" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : projects.isError && !selected ? (
        <ProjectsLoadError onRetry={() => projects.refetch()} retrying={projects.isFetching} />
      ) : !selected ? (
        <NoProjectFound purpose="message the team and schedule meetings" />
      ) : (
        <>
          {composing && canPost && (
            <Card className="mb-8 border-brand-200">
              <CardHeader className="flex-row items-start justify-between gap-4">
                <div className="grid gap-1.5">
                  <CardTitle>New Communication</CardTitle>
                  <CardDescription>
                    Send the team a message, or propose a meeting with a link and a time. Support replies within 2-4 hours.
                  </CardDescription>
                </div>
                <Button variant="ghost" size="icon" aria-label="Close" onClick={() => setComposing(false)}>
                  <X aria-hidden="true" />
                </Button>
              </CardHeader>
              <CardContent>
                <NewCommunicationForm projectId={selected.id} onDone={() => setComposing(false)} />
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
            <ScheduledMeetings threads={threads.data ?? []} />
            <section aria-labelledby="conversation-title">
              <h2 id="conversation-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
                <MessagesSquare className="size-5 text-brand-600" aria-hidden="true" />
                Messages
              </h2>
              {(threads.data ?? []).length === 0 ? (
                <Card>
                  <CardContent className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                    <MessagesSquare className="size-10 text-slate-300" aria-hidden="true" />
                    <p className="font-semibold text-slate-900">No messages yet</p>
                    <p className="max-w-md text-sm text-slate-600">
                      Ask a question, share feedback on the plan, or propose a meeting. The team answers here and by email.
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
                <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
                  {(threads.data ?? []).map((thread) => (
                    <li key={thread.id}>
                      <ThreadCard
                        thread={thread}
                        projectId={selected.id}
                        canPost={canPost}
                        initiallyOpen={thread.id === focusThread}
                        now={now}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </ListState>
        </>
      )}
    </>
  );
}
