// The Generated Brief tab: formatted preview, Markdown editing until confirmed, Confirm Brief, PDF download,
// and the AI-failure notice that lets the customer choose the built-in composer.
import { AlertTriangle, CheckCircle2, Download, FileText, Loader2, Lock, RefreshCw, Save, Sparkles, Wand2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { authorLabel } from "../../../shared/domain/brief-author";
import type { Requirements } from "../../../shared/schemas/requirements";
import { wordCount } from "../../../shared/text/markdown";
import { EmptyState } from "../../components/kit/EmptyState";
import { MarkdownView } from "../../components/kit/MarkdownView";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Textarea } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast } from "../../components/ui/use-toast";
import { formatLongDate } from "../../lib/date-time";
import { briefPdfUrl } from "./api/generate-brief";
import { useSaveRequirements } from "./api/save-requirements";
import { reportConfirmFailure, reportError } from "./project-messages";
import { clearDraft, readDraft, writeDraft } from "./use-requirements-draft";

export type AiFailure = { message: string } | null;

type BriefPanelProps = {
  projectId: string;
  requirements: Requirements | null;
  canEdit: boolean;
  generating: boolean;
  aiFailure: AiFailure;
  onGenerate: (choice?: "builtin") => void;
};

export function BriefPanel({ projectId, requirements, canEdit, generating, aiFailure, onGenerate }: BriefPanelProps) {
  const saved = requirements?.generatedBrief ?? "";
  const confirmed = Boolean(requirements?.briefConfirmed);
  const editable = canEdit && !confirmed;
  // Unsaved edits of this brief, typed before a reload, come back.
  const [initial] = useState(() => {
    const draft = editable ? readDraft<{ base: string; text: string }>("brief", projectId) : null;
    const restore = Boolean(draft && draft.value.base === saved && draft.value.text !== saved);
    return { text: restore && draft ? draft.value.text : saved, restored: restore };
  });
  const [text, setText] = useState(initial.text);
  const [view, setView] = useState<"preview" | "edit">(initial.restored ? "edit" : "preview");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const restored = initial.restored;
  const lastSaved = useRef(saved);
  const save = useSaveRequirements(projectId);
  const confirm = useSaveRequirements(projectId, { signsInItself: true });

  // A new brief from the server replaces the text, unless the customer has unsaved edits of the old one.
  useEffect(() => {
    if (saved === lastSaved.current) return;
    setText((current) => (current === lastSaved.current ? saved : current));
    lastSaved.current = saved;
  }, [saved]);

  useEffect(() => {
    if (!editable) return;
    if (text === saved) clearDraft("brief", projectId);
    else writeDraft("brief", projectId, { base: saved, text });
  }, [text, saved, editable, projectId]);

  const dirty = text !== saved;

  if (!saved && !generating) {
    return (
      <Card>
        <EmptyState
          icon={FileText}
          tone="brand"
          title="No brief yet"
          titleAs="h3"
          description="Save your answers in the Requirements Form, then generate a two-page brief your stakeholders can read and approve."
        >
          {aiFailure && (
            <AiFailureNotice failure={aiFailure} onRetry={() => onGenerate()} onBuiltin={() => onGenerate("builtin")} />
          )}
          {canEdit && !aiFailure && (
            <Button onClick={() => onGenerate()}>
              <Sparkles aria-hidden="true" />
              Generate AI Brief
            </Button>
          )}
        </EmptyState>
      </Card>
    );
  }

  const saveEdits = () =>
    save.mutate(
      { generatedBrief: text, briefConfirmed: false },
      {
        onSuccess: () => toast({ title: "Brief saved", description: "Your changes to the brief are saved." }),
        onError: (error) => reportError(error, "Failed to save the brief"),
      },
    );

  const confirmBrief = () =>
    confirm.mutate(
      { generatedBrief: text, briefConfirmed: true, briefStatus: "generated", approvalStatus: "approved" },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          clearDraft("brief", projectId);
          toast({ title: "Brief confirmed", description: "The brief is approved and locked. You can download it as a PDF." });
        },
        onError: (error) => {
          setConfirmOpen(false);
          reportConfirmFailure(error);
        },
      },
    );

  const by = authorLabel(requirements?.briefGeneratedBy ?? null);

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            Generated Brief
            {confirmed ? (
              <Badge variant="success">
                <Lock className="size-3" aria-hidden="true" /> Confirmed
              </Badge>
            ) : (
              <Badge variant="warning">Draft</Badge>
            )}
          </CardTitle>
          <CardDescription>
            {[
              by,
              saved ? `${wordCount(saved)} words` : null,
              confirmed && requirements?.briefConfirmedAt ? `confirmed ${formatLongDate(requirements.briefConfirmedAt)}` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {saved && (
            <Button variant="outline" asChild>
              <a href={briefPdfUrl(projectId)} download>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
          )}
          {editable && (
            <Button variant="outline" onClick={() => onGenerate()} disabled={generating}>
              {generating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
              {generating ? "Generating..." : "Regenerate"}
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {aiFailure && (
          <AiFailureNotice failure={aiFailure} onRetry={() => onGenerate()} onBuiltin={() => onGenerate("builtin")} />
        )}
        {confirmed && (
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <span>
              This brief is confirmed and locked. To change the scope now, send a message to the Blueprint team from
              Communications.
            </span>
          </Alert>
        )}
        {restored && dirty && editable && (
          <Alert variant="warning">
            <span>We restored your unsaved edits to the brief.</span>
          </Alert>
        )}
        {generating && !saved ? (
          <div className="flex items-center gap-3 py-10 text-slate-600">
            <Loader2 className="size-5 animate-spin text-brand-700" aria-hidden="true" /> Writing your brief...
          </div>
        ) : editable ? (
          <Tabs value={view} onValueChange={(value) => setView(value as "preview" | "edit")}>
            <TabsList aria-label="Brief view">
              <TabsTrigger value="preview">Preview</TabsTrigger>
              <TabsTrigger value="edit">Edit Markdown</TabsTrigger>
            </TabsList>
            <TabsContent value="preview">
              <div className="rounded-xl border border-slate-200 bg-white p-5 sm:p-8">
                {text.trim() ? <MarkdownView markdown={text} /> : <p className="text-slate-500">The brief is empty.</p>}
              </div>
            </TabsContent>
            <TabsContent value="edit">
              <label htmlFor="brief-markdown" className="sr-only">
                Brief (Markdown)
              </label>
              <Textarea
                id="brief-markdown"
                value={text}
                onChange={(event) => setText(event.target.value)}
                rows={24}
                className="font-mono text-[13px] leading-relaxed"
              />
              <p className="mt-2 text-xs text-slate-500">
                Markdown: # title, ## section, - bullet, 1. step, **bold**, *italic*. Switch to Preview to see the result.
              </p>
            </TabsContent>
          </Tabs>
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white p-5 sm:p-8">
            <MarkdownView markdown={saved} />
          </div>
        )}

        {editable && (
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              {dirty ? "You have unsaved edits to the brief." : "Read it through, edit anything, then confirm it to lock it."}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <PendingButton
                variant="outline"
                onClick={saveEdits}
                pending={save.isPending}
                icon={Save}
                disabled={!dirty || !text.trim()}
              >
                {save.isPending ? "Saving..." : "Save Changes"}
              </PendingButton>
              <Button onClick={() => setConfirmOpen(true)} disabled={!text.trim() || confirm.isPending || generating}>
                <CheckCircle2 aria-hidden="true" />
                Confirm Brief
              </Button>
            </div>
          </div>
        )}
      </CardContent>

      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent>
          <DialogHeader
            title="Confirm this brief?"
            description="Confirming approves the brief as the basis for your prototype. It is then locked and can no longer be edited."
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmOpen(false)}>
              Keep editing
            </Button>
            <PendingButton onClick={confirmBrief} pending={confirm.isPending} icon={CheckCircle2}>
              {confirm.isPending ? "Confirming..." : "Confirm Brief"}
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function AiFailureNotice({
  failure,
  onRetry,
  onBuiltin,
}: {
  failure: { message: string };
  onRetry: () => void;
  onBuiltin: () => void;
}) {
  return (
    <Alert variant="danger" className="flex-col text-left sm:flex-row sm:items-start">
      <AlertTriangle aria-hidden="true" />
      <div className="grid flex-1 gap-2">
        <p className="font-semibold">The AI service could not write the brief.</p>
        <p>{failure.message}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
          <Button size="sm" onClick={onBuiltin}>
            <Wand2 aria-hidden="true" />
            Use the built-in composer
          </Button>
        </div>
      </div>
    </Alert>
  );
}
