// The finish line on Testing & Feedback: the owner or an Admin member approves the latest version or asks for changes;
// once the project is completed, the acceptance certificate and the hand-over package are one click away.
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { approvalWarnings } from "../../../shared/domain/approval-warnings";
import { ACCEPTANCE_COMMENT_MAX, ACCEPTANCE_MESSAGES } from "../../../shared/schemas/acceptance";
import { ConfirmDialog } from "../../components/kit/ConfirmDialog";
import { HandoverDownloads } from "../../components/kit/HandoverDownloads";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { useDecideAcceptance } from "./api/decide-acceptance";
import { useFeedback } from "./api/get-feedback";
import { useHandoverSummary } from "./api/get-handover-summary";

type Props = {
  project: {
    id: string;
    status: string;
    accessLevel?: string | null;
    iterationsUsed: number;
    maxIterations: number;
    balancePaymentReceivedDate: string | null;
  };
  latestVersion: number | null;
};

export function AcceptanceCard({ project, latestVersion }: Props) {
  const decide = useDecideAcceptance(project.id);
  const [approveOpen, setApproveOpen] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mayDecide = project.accessLevel === "owner" || project.accessLevel === "admin";
  const handoverSummary = useHandoverSummary(project.id, { enabled: mayDecide && project.status === "completed" });
  // The open items' count (the list's total), for what the approval leaves open.
  const openFeedback = useFeedback(mayDecide && project.status === "testing" ? project.id : undefined, {
    status: "pending",
    page: 1,
  });
  // Reached from the dashboard's "Approve or request changes" (#acceptance): bring the card into view once it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the card appears once the versions have loaded
  useEffect(() => {
    if (window.location.hash === "#acceptance") document.getElementById("acceptance")?.scrollIntoView({ block: "center" });
  }, [latestVersion]);
  if (!mayDecide) return null;

  if (project.status === "completed") {
    return (
      <Card data-testid="handover-card">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
            Project complete
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm text-slate-600">
          <p>
            Download everything your developers need in one package: the BRD, the brief, the NDA, the acceptance certificate,
            every version's release notes and the feedback history. You can still invite your developers in User Management.
          </p>
          <HandoverDownloads projectId={project.id} summary={handoverSummary} />
        </CardContent>
      </Card>
    );
  }
  if (project.status !== "testing" || latestVersion === null) return null;
  const warnings = approvalWarnings({
    openFeedback: openFeedback.data?.total ?? 0,
    iterationsUsed: project.iterationsUsed,
    maxIterations: project.maxIterations,
    balancePaid: Boolean(project.balancePaymentReceivedDate),
  });

  const submit = async (input: { decision: "approve" | "request_changes"; comment?: string }) => {
    setError(null);
    try {
      await decide.mutateAsync(input);
      toast({
        title: input.decision === "approve" ? ACCEPTANCE_MESSAGES.approved : ACCEPTANCE_MESSAGES.changesRequested,
        variant: "success",
      });
      setComment("");
    } catch (caught) {
      const message = serverMessage(caught, "Your decision could not be saved. Please try again.");
      setError(message);
      toast({ title: "Not saved", description: message, variant: "destructive" });
      throw caught;
    }
  };

  return (
    <Card data-testid="acceptance-card" id="acceptance" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="text-base">Approve version {latestVersion}?</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-600">
        <p>
          Approving completes the project and issues a signed acceptance certificate. If something should change first, ask for
          changes: the team sees your comment at once.
        </p>
        <Button onClick={() => setApproveOpen(true)}>
          <CheckCircle2 aria-hidden="true" />
          Approve version {latestVersion}
        </Button>
        <Button variant="outline" onClick={() => setChangesOpen(true)}>
          Request changes
        </Button>
      </CardContent>
      <ConfirmDialog
        open={approveOpen}
        onOpenChange={setApproveOpen}
        title={`Approve version ${latestVersion}`}
        description="This completes the project. The approval is recorded with your name, the time and the version, and cannot be undone."
        confirmLabel="Approve"
        pendingLabel="Approving..."
        onConfirm={() => submit({ decision: "approve" })}
      >
        {warnings.length > 0 && (
          <div className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="approval-warnings">
            <p className="font-medium">Still open</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={changesOpen}
        onOpenChange={setChangesOpen}
        title="Request changes"
        description="Say what should change before you approve. It goes to the team's Feedback Management and your project's messages."
        confirmLabel="Send request"
        pendingLabel="Sending..."
        onConfirm={() => submit({ decision: "request_changes", comment })}
      >
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          What should change
          <textarea
            className="min-h-28 rounded-md border border-slate-300 p-2 font-normal"
            value={comment}
            maxLength={ACCEPTANCE_COMMENT_MAX}
            onChange={(event) => setComment(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}
