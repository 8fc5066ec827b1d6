// /testing-feedback — the hosted prototype, the testing guidelines, Submit Feedback and the project's feedback.
// View-only members see everything but cannot submit; once the project is completed (or, for the customer's team,
// its access has ended) nobody is offered the form, and the page says why.
import { Eye, History, Lock, MessageSquarePlus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { FEEDBACK_CLOSED_MESSAGES, feedbackClosedReason } from "../../../shared/domain/feedback-open";
import { currentFeedbackRound, feedbackRoundLabel } from "../../../shared/domain/feedback-rounds";
import { accessAllows } from "../../../shared/domain/project-access";
import type { FeedbackItem } from "../../../shared/schemas/feedback";
import { VersionList } from "../../components/kit/VersionList";
import { PageHeader } from "../../components/layout/PageHeader";
import { NoProjectAlert } from "../../components/project/NoProjectAlert";
import { ProjectsLoadError } from "../../components/project/ProjectsLoadError";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useSelectedProject } from "../projects/api/use-selected-project";
import { AcceptanceCard } from "./AcceptanceCard";
import { useVersions } from "./api/get-versions";
import { captureFeedbackContext } from "./capture-context";
import { FeedbackList } from "./FeedbackList";
import { PrototypeViewer } from "./PrototypeViewer";
import { SubmitFeedbackDialog } from "./SubmitFeedbackDialog";
import { TestingGuidelines } from "./TestingGuidelines";
import { usePrototypeBridge } from "./use-prototype-bridge";

export function TestingFeedbackPage() {
  const { projects, selected } = useSelectedProject();
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const bridge = usePrototypeBridge(frameRef, selected?.prototypeUrl ?? null);
  const [dialog, setDialog] = useState<{ open: boolean; editing: FeedbackItem | null }>({ open: false, editing: null });
  const canSubmit = accessAllows(selected?.accessLevel, "feedback");
  const closed = selected ? feedbackClosedReason(selected, selected.accessLevel, new Date()) : null;
  const canReport = canSubmit && closed === null;
  const versions = useVersions(selected?.id);
  const inViewer = selected?.prototypeUrl
    ? (versions.data?.items.find((version) => version.url === selected.prototypeUrl)?.number ?? null)
    : null;

  const openSubmit = () => {
    bridge.requestState();
    setDialog({ open: true, editing: null });
  };
  const captureContext = useCallback(
    () => captureFeedbackContext(bridge.state, selected?.prototypeUrl ?? null),
    [bridge.state, selected?.prototypeUrl],
  );

  return (
    <>
      <PageHeader
        title="Testing & Feedback"
        description="Try your prototype, then tell us what to fix or improve. We reply to every item."
        actions={
          selected && canReport ? (
            <Button onClick={openSubmit}>
              <MessageSquarePlus aria-hidden="true" />
              Submit Feedback
            </Button>
          ) : undefined
        }
      />

      {projects.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">Loading your project</span>
          <Skeleton className="h-[680px]" />
        </div>
      ) : projects.isError && !selected ? (
        <ProjectsLoadError onRetry={() => projects.refetch()} retrying={projects.isFetching} />
      ) : !selected ? (
        <NoProjectAlert message="Your project opens once your company profile is complete and the NDA signed. Your prototype will appear here once it is built." />
      ) : (
        <div className="grid gap-6">
          {canSubmit && closed && (
            <Alert variant="info" data-testid="feedback-closed">
              <Lock aria-hidden="true" />
              <span>{FEEDBACK_CLOSED_MESSAGES[closed]}</span>
            </Alert>
          )}
          {!canSubmit && (
            <Alert variant="info">
              <Eye aria-hidden="true" />
              <span>You have view-only access: you can test the prototype and read the feedback, but not submit it.</span>
            </Alert>
          )}

          <PrototypeViewer
            key={selected.id}
            project={selected}
            frameRef={frameRef}
            bridgeConnected={bridge.connected}
            versionNumber={inViewer}
          />

          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <FeedbackList
              key={selected.id}
              projectId={selected.id}
              maxIterations={selected.maxIterations}
              canSubmit={canSubmit}
              canReport={canReport}
              onSubmitClick={openSubmit}
              onEdit={(item) => setDialog({ open: true, editing: item })}
            />
            <div className="grid gap-6">
              <AcceptanceCard project={selected} latestVersion={versions.data?.items[0]?.number ?? null} />
              <div className="rounded-xl border border-slate-200 bg-white p-5">
                <p className="text-sm text-slate-600">Feedback round</p>
                <p className="mt-1 text-2xl font-bold text-slate-900">
                  {feedbackRoundLabel(currentFeedbackRound(selected), selected.maxIterations)}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {selected.iterationsUsed} of {selected.maxIterations} iterations used
                </p>
              </div>
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <History aria-hidden="true" className="size-4 text-slate-500" />
                    Versions and release notes
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <VersionList
                    versions={versions}
                    currentUrl={selected.prototypeUrl}
                    emptyText="No version published yet. The first version is the delivery of your prototype."
                  />
                </CardContent>
              </Card>
              <TestingGuidelines />
            </div>
          </div>

          {canSubmit && (
            <SubmitFeedbackDialog
              projectId={selected.id}
              open={dialog.open}
              editing={dialog.editing}
              onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
              captureContext={captureContext}
            />
          )}
        </div>
      )}
    </>
  );
}
