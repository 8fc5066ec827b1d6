// The hosted prototype in a 600 px frame: loading, loaded, failed; Refresh and Open in New Tab.
// A frame the prototype's site refuses (X-Frame-Options / frame-ancestors), or a site that does not answer at all, is
// found by the server's frame check (a browser's own error page fires the frame's load event like any page); a frame
// that never finishes loading fails after PROTOTYPE_LOAD_TIMEOUT_MS instead of spinning forever. Refresh and Try Again
// check the site afresh and load the frame anew.
import { AlertTriangle, CalendarX2, Clock, ExternalLink, Loader2, RefreshCw, ShieldAlert } from "lucide-react";
import { type RefObject, useEffect, useState } from "react";
import { Link } from "react-router";
import { ACCESS_EXPIRY_MESSAGES, prototypeClosedTo } from "../../../shared/domain/access-expiry";
import type { Project } from "../../../shared/schemas/project";
import { EmptyState } from "../../components/kit/EmptyState";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { NewTabButton } from "../../components/ui/new-tab-link";
import { ApiError } from "../../lib/api";
import { usePrototypeFrameCheck } from "./api/check-prototype-frame";

export const PROTOTYPE_LOAD_TIMEOUT_MS = 15_000;
const FRAME_HEIGHT_PX = 600;

type ViewerState = "loading" | "loaded" | "failed";

export function PrototypeViewer({
  project,
  frameRef,
  bridgeConnected,
  versionNumber = null,
}: {
  project: Project;
  frameRef: RefObject<HTMLIFrameElement | null>;
  bridgeConnected: boolean;
  /** The published version whose address is in the frame (null: none published, or a link set by hand). */
  versionNumber?: number | null;
}) {
  // After the access expiry date the viewer is closed (the server refuses its frame check too): say why, whom to ask.
  const ended = prototypeClosedTo(project, new Date());
  const url = ended ? null : project.prototypeUrl;
  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <CardTitle className="flex flex-wrap items-center gap-2">
            Prototype Viewer
            {url && versionNumber !== null && (
              <span
                className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700"
                data-testid="viewer-version"
              >
                Version {versionNumber}
              </span>
            )}
          </CardTitle>
          <CardDescription className="truncate">
            {url ? (
              <>
                {project.projectName ?? project.projectCode} · <span className="font-mono text-xs">{url}</span>
              </>
            ) : ended ? (
              "Access to the prototype has ended."
            ) : (
              "Your prototype will appear here."
            )}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="p-0">
        {ended ? (
          <AccessEnded message={ACCESS_EXPIRY_MESSAGES.prototypeClosed} />
        ) : url ? (
          <ProtoFrame key={url} url={url} project={project} frameRef={frameRef} bridgeConnected={bridgeConnected} />
        ) : (
          <NotReady />
        )}
      </CardContent>
    </Card>
  );
}

function NotReady() {
  return (
    // Nothing to frame yet: the panel keeps the viewer's 600 px on wide screens but does not fill a phone's screen.
    <EmptyState
      icon={Clock}
      tone="brand"
      title="Prototype Not Ready"
      titleAs="h3"
      description="Our team is still building your prototype. You will be notified as soon as it is ready for testing."
      className="h-[360px] justify-center border-t border-slate-200 bg-slate-50 sm:h-[600px]"
    />
  );
}

/** The viewer after the access expiry date: why it is closed, what stays, and whom to ask. */
function AccessEnded({ message }: { message: string }) {
  return (
    <EmptyState
      icon={CalendarX2}
      tone="warning"
      title="Prototype access has ended"
      titleAs="h3"
      description={message}
      className="h-[360px] justify-center border-t border-slate-200 bg-slate-50 sm:h-[600px]"
      role="alert"
    >
      <Button asChild>
        <Link to="/communications?openMessage=true">Ask the Blueprint team</Link>
      </Button>
    </EmptyState>
  );
}

function ProtoFrame({
  url,
  project,
  frameRef,
  bridgeConnected,
}: {
  url: string;
  project: Project;
  frameRef: RefObject<HTMLIFrameElement | null>;
  bridgeConnected: boolean;
}) {
  const [attempt, setAttempt] = useState(0);
  const [rechecking, setRechecking] = useState(false);
  const [state, setState] = useState<ViewerState>("loading");
  const check = usePrototypeFrameCheck(project.id, url);
  const refused = Boolean(check.data && !check.data.frameable);
  const unanswered = Boolean(check.data && !check.data.reachable);
  // The server closed the viewer (the access expiry date passed while the page was open): its message says why.
  const closedBy = check.error instanceof ApiError && check.error.code === "ACCESS_EXPIRED" ? check.error.serverMessage : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt (Refresh, Try Again) restarts the load timer
  useEffect(() => {
    if (refused || unanswered) {
      setState("failed");
      return;
    }
    setState("loading");
    const timer = window.setTimeout(
      () => setState((current) => (current === "loading" ? "failed" : current)),
      PROTOTYPE_LOAD_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [attempt, refused, unanswered]);

  const reload = () => {
    setState("loading");
    setRechecking(true);
    void check.recheck().finally(() => {
      setRechecking(false);
      setAttempt((n) => n + 1);
    });
  };

  if (closedBy) return <AccessEnded message={closedBy} />;
  return (
    <div className="border-t border-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2">
        <p className="flex items-center gap-2 text-xs text-slate-600" aria-live="polite">
          <span
            className={`size-2 rounded-full ${state === "loaded" ? "bg-emerald-500" : state === "failed" ? "bg-red-500" : "bg-amber-400"}`}
            aria-hidden="true"
          />
          {state === "loaded"
            ? bridgeConnected
              ? "Loaded · page tracking on"
              : "Loaded"
            : state === "failed"
              ? "Could not be shown here"
              : "Loading prototype..."}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={reload}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
          <NewTabButton href={url} icon={ExternalLink} variant="outline" size="sm">
            Open in New Tab
          </NewTabButton>
        </div>
      </div>
      <div className="relative bg-white" style={{ height: FRAME_HEIGHT_PX }}>
        {state === "failed" ? (
          <EmptyState
            icon={refused ? ShieldAlert : AlertTriangle}
            tone="warning"
            title="Unable to Load Prototype"
            titleAs="h3"
            description={
              unanswered && !refused
                ? "The prototype's site did not answer. It may be down for a moment, or reachable only from your own network. Try again shortly, or open it directly."
                : "The prototype could not be displayed here. This usually happens because of security restrictions on the prototype's site that prevent it from being embedded in another page. You can still open it directly."
            }
            className="h-full justify-center bg-slate-50"
            role="alert"
          >
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="outline" onClick={reload}>
                <RefreshCw aria-hidden="true" />
                Try Again
              </Button>
              <NewTabButton href={url} icon={ExternalLink}>
                Open Directly
              </NewTabButton>
            </div>
          </EmptyState>
        ) : (
          <>
            {!check.isPending && !rechecking && (
              <iframe
                key={attempt}
                ref={frameRef}
                src={url}
                title={`Prototype: ${project.projectName ?? project.projectCode}`}
                className="size-full border-0"
                sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads"
                referrerPolicy="strict-origin-when-cross-origin"
                onLoad={() => setState("loaded")}
              />
            )}
            {state === "loading" && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white" aria-busy="true">
                <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden="true" />
                <p className="text-sm text-slate-600">Loading prototype...</p>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
