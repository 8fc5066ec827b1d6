// /requirements — Prototype Projects: summary and status cards, the project selector, the Requirements Form and
// the Generated Brief tabs, and New Project.

import { zodResolver } from "@hookform/resolvers/zod";
import { ClipboardCheck, FileText, FolderPlus, RefreshCw, ShieldCheck, Sparkles, Users } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { PACKAGES } from "../../../shared/constants/packages";
import {
  approvalCardStatus,
  type BriefCardStatus,
  briefCardStatus,
  briefStatusLabel,
  requirementsCardStatus,
} from "../../../shared/domain/brief-status";
import { mayCreateProjects } from "../../../shared/domain/onboarding";
import { accessAllows, accessLevelLabel } from "../../../shared/domain/project-access";
import { progressForStatus, statusLabel } from "../../../shared/domain/project-status";
import type { Project } from "../../../shared/schemas/project";
import {
  EMPTY_ANSWERS,
  missesGenerateMinimum,
  missesSaveMinimum,
  REQUIREMENT_MESSAGES,
  REQUIREMENT_TEXT_FIELDS,
  type RequirementAnswers,
  type Requirements,
  requirementsFormSchema,
} from "../../../shared/schemas/requirements";
import { EmptyState } from "../../components/kit/EmptyState";
import { PageHeader } from "../../components/layout/PageHeader";
import { PROJECTS_LOAD_ERROR } from "../../components/project/ProjectsLoadError";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast } from "../../components/ui/use-toast";
import { ApiError, serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors } from "../../lib/form";
import { useProfile } from "../onboarding/api/get-profile";
import { useGenerateBrief } from "./api/generate-brief";
import { useRequirements } from "./api/get-requirements";
import { useSaveRequirements } from "./api/save-requirements";
import { useSelectedProject } from "./api/use-selected-project";
import { type AiFailure, BriefPanel } from "./BriefPanel";
import { DeleteProjectButton, mayOfferDeletion } from "./DeleteProjectButton";
import { NewProjectDialog } from "./NewProjectDialog";
import { reportError } from "./project-messages";
import { RequirementsForm } from "./RequirementsForm";
import { answersFromDraft, clearDraft, readDraft, sameAnswers, writeDraft } from "./use-requirements-draft";

export function RequirementsPage() {
  const { projects, selected, select } = useSelectedProject();
  const profile = useProfile();
  const [creating, setCreating] = useState(false);

  // The NDA comes before the idea: New Project only for an owner whose profile is complete and NDA signed (an invited
  // member, with no company of their own, works in the projects they were invited to).
  const newProjectButton = mayCreateProjects(profile.data) ? (
    <Button onClick={() => setCreating(true)}>
      <FolderPlus aria-hidden="true" />
      New Project
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Prototype Projects"
        description="Describe what you need, get a two-page brief, and approve it to start the build."
        actions={newProjectButton}
      />
      {projects.isLoading || profile.isPending ? (
        <PageSkeleton />
      ) : !selected && !projects.isError && !mayCreateProjects(profile.data) ? (
        <OnboardingFirst profileSaved={Boolean(profile.data?.profileCompleted)} />
      ) : !selected ? (
        <NoProjectData onRetry={() => projects.refetch()} retrying={projects.isFetching} failed={projects.isError} />
      ) : (
        <>
          <ProjectSummary
            project={selected}
            deletion={mayOfferDeletion(selected) ? <DeleteProjectButton project={selected} /> : null}
          />
          <RequirementsWorkspace key={selected.id} project={selected} />
        </>
      )}
      <NewProjectDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(project) => {
          setCreating(false);
          select(project.id, project.projectCode);
        }}
      />
    </>
  );
}

function PageSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only">Loading projects</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-96" />
    </div>
  );
}

function NoProjectData({ onRetry, retrying, failed }: { onRetry: () => void; retrying: boolean; failed: boolean }) {
  return (
    <Card>
      <EmptyState
        icon={FileText}
        tone="muted"
        title="No Project Data Found"
        titleAs="h2"
        description={failed ? PROJECTS_LOAD_ERROR : "You have no prototype project yet. Create one with New Project."}
      >
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RefreshCw className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
          Retry
        </Button>
      </EmptyState>
    </Card>
  );
}

/** A customer before the NDA: the idea waits, so the way on is onboarding (profile, then the NDA), never New Project. */
function OnboardingFirst({ profileSaved }: { profileSaved: boolean }) {
  return (
    <Card>
      <EmptyState
        icon={ShieldCheck}
        tone="muted"
        title="Sign the NDA before you share your idea"
        titleAs="h2"
        description={
          profileSaved
            ? "Your company profile is saved. Sign the NDA next: your first project opens as soon as it is signed, and you describe your idea there."
            : "Complete your company profile and sign the NDA first: your first project opens as soon as the NDA is signed, and you describe your idea there."
        }
      >
        <Button asChild>
          <Link to="/onboarding">{profileSaved ? "Sign the NDA" : "Complete Profile Setup"}</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}

function ProjectSummary({ project, deletion }: { project: Project; deletion: React.ReactNode }) {
  const pkg = PACKAGES[project.packageType];
  const progress = progressForStatus(project.status);
  return (
    <section aria-label="Project summary" className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 [&>*]:min-w-0">
      <SummaryCard label="Project">
        <p className="font-mono text-lg font-semibold text-slate-900">{project.projectCode}</p>
        <p className="truncate text-sm text-slate-600">{project.projectName ?? "Untitled project"}</p>
        {deletion && <div className="mt-2 -ml-3">{deletion}</div>}
      </SummaryCard>
      <SummaryCard label="Package">
        <p className="text-lg font-semibold text-slate-900">{pkg.name}</p>
        <p className="text-sm text-slate-600">
          {pkg.deliveryHours}-hour prototype · {project.maxIterations} iterations
        </p>
      </SummaryCard>
      <SummaryCard label="Status">
        <p className="text-lg font-semibold text-slate-900">{statusLabel(project.status)}</p>
        <div className="mt-2 flex items-center gap-2">
          <Progress value={progress} label="Project progress" />
          <span className="text-xs font-medium text-slate-600">{progress}%</span>
        </div>
      </SummaryCard>
      <SummaryCard label="Team">
        <p className="text-lg font-semibold text-slate-900">
          {project.authorizedUsersCount} / {project.userLimit} users
        </p>
        <p className="text-sm text-slate-600">
          {project.accessLevel === "owner" ? "You own this project" : `Your access: ${accessLevelLabel(project.accessLevel)}`}
        </p>
      </SummaryCard>
    </section>
  );
}

function SummaryCard({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="pt-5">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
        <div className="mt-1">{children}</div>
      </CardContent>
    </Card>
  );
}

const STATUS_STYLE: Record<BriefCardStatus, "success" | "warning" | "secondary" | "default"> = {
  completed: "success",
  approved: "success",
  generated: "default",
  defined: "default",
  pending: "warning",
  "not generated": "secondary",
};

function StatusCards({ requirements }: { requirements: Requirements | null }) {
  const cards = [
    { title: "Requirements", icon: ClipboardCheck, status: requirementsCardStatus(requirements) },
    { title: "AI Brief", icon: Sparkles, status: briefCardStatus(requirements) },
    { title: "Approval", icon: ShieldCheck, status: approvalCardStatus(requirements) },
  ];
  return (
    <section aria-label="Requirements status" className="mb-6 grid gap-4 sm:grid-cols-3">
      {cards.map(({ title, icon: Icon, status }) => (
        <Card key={title}>
          <CardContent className="flex items-center gap-3 pt-5">
            <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm font-medium text-slate-700">{title}</p>
              <Badge variant={STATUS_STYLE[status]} className="mt-1">
                {briefStatusLabel(status)}
              </Badge>
            </div>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

function answersOf(requirements: Requirements | null | undefined): RequirementAnswers {
  const answers = { ...EMPTY_ANSWERS };
  for (const field of REQUIREMENT_TEXT_FIELDS) answers[field] = requirements?.[field] ?? "";
  return answers;
}

/** One project's questionnaire and brief; remounted per project so every project has its own draft. */
function RequirementsWorkspace({ project }: { project: Project }) {
  const requirements = useRequirements(project.id);
  const save = useSaveRequirements(project.id);
  const generate = useGenerateBrief(project.id);
  const canEdit = accessAllows(project.accessLevel, "edit");
  const data = requirements.data;
  const locked = Boolean(data?.briefConfirmed);
  const readOnly = !canEdit || locked;

  const form = useForm<RequirementAnswers>({
    resolver: zodResolver(requirementsFormSchema),
    defaultValues: EMPTY_ANSWERS,
    mode: "onSubmit",
    // After the first save attempt, messages follow the typing.
    reValidateMode: "onChange",
  });
  const answers = form.watch();
  const baseline = useMemo(() => answersOf(data), [data]);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const [tab, setTab] = useState<"form" | "brief">("form");
  const [aiFailure, setAiFailure] = useState<AiFailure>(null);
  const initialised = useRef(false);
  const previousBaseline = useRef(baseline);

  // First load: the server's answers, or the unsaved draft typed on this device.
  useEffect(() => {
    if (initialised.current || data === undefined) return;
    initialised.current = true;
    previousBaseline.current = baseline;
    const draft = readDraft<unknown>("requirements", project.id);
    const fromDraft = answersFromDraft(draft?.value);
    if (!readOnly && draft && fromDraft && !sameAnswers(fromDraft, baseline)) {
      form.reset(fromDraft);
      setRestoredAt(draft.savedAt);
    } else {
      form.reset(baseline);
      if (data?.generatedBrief) setTab(data.briefConfirmed ? "brief" : "form");
    }
  }, [data, baseline, project.id, readOnly, form]);

  // Server changes (a teammate's save) replace the answers only when nothing unsaved would be lost.
  useEffect(() => {
    if (!initialised.current || previousBaseline.current === baseline) return;
    if (sameAnswers(form.getValues(), previousBaseline.current)) {
      form.reset(baseline, { keepErrors: true, keepIsSubmitted: true });
    }
    previousBaseline.current = baseline;
  }, [baseline, form]);

  const dirty = initialised.current && !sameAnswers(answers, baseline);

  // Keep what is typed on this device until it is saved.
  useEffect(() => {
    if (!initialised.current || readOnly) return;
    if (dirty) writeDraft("requirements", project.id, answers);
    else clearDraft("requirements", project.id);
  }, [answers, dirty, readOnly, project.id]);

  const persist = async (values: RequirementAnswers): Promise<boolean> => {
    try {
      await save.mutateAsync({ ...values, requirementsStatus: "completed" });
      setRestoredAt(null);
      return true;
    } catch (error) {
      setServerFieldErrors(form, serverFieldErrors(error));
      reportError(error, "Failed to save requirements");
      return false;
    }
  };

  const refused = () => {
    toast({
      title: "Error",
      variant: "destructive",
      description: missesSaveMinimum(form.getValues())
        ? REQUIREMENT_MESSAGES.saveMinimum
        : "Please fix the highlighted answers before saving.",
    });
  };

  /** Validates with the form's schema (focusing the first broken answer), then saves; true when saved. */
  const saveAnswers = async (): Promise<boolean> => {
    let saved = false;
    await form.handleSubmit(async (values) => {
      saved = await persist(values);
    }, refused)();
    return saved;
  };

  const onSave = async () => {
    if (await saveAnswers()) toast({ title: "Requirements saved", description: "Your answers are saved." });
  };

  const onGenerate = async (choice?: "builtin") => {
    if (!data) {
      toast({ title: "Error", variant: "destructive", description: REQUIREMENT_MESSAGES.saveFirst });
      return;
    }
    if (dirty && !(await saveAnswers())) return;
    if (missesGenerateMinimum(form.getValues())) {
      form.clearErrors();
      form.setError("coreFunctionality", { message: REQUIREMENT_MESSAGES.coreFunctionality });
      setTab("form");
      toast({ title: "Error", variant: "destructive", description: REQUIREMENT_MESSAGES.generateNeedsCore });
      // The form tab is hidden until this render lands; focus the answer after it.
      setTimeout(() => form.setFocus("coreFunctionality"), 0);
      return;
    }
    setTab("brief");
    generate.mutate(choice, {
      onSuccess: () => {
        setAiFailure(null);
        toast({ title: "Brief ready", description: "Read it through, edit anything, then confirm it." });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 502) {
          const message = serverMessage(error, "The AI service is unavailable.");
          setAiFailure({ message });
          toast({ title: "AI service unavailable", description: message, variant: "destructive" });
          return;
        }
        reportError(error, "Failed to generate the brief");
      },
    });
  };

  if (requirements.isLoading) return <Skeleton className="h-96" />;
  if (requirements.isError) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-slate-700">The requirements could not be loaded.</p>
          <Button variant="outline" onClick={() => requirements.refetch()}>
            <RefreshCw aria-hidden="true" /> Retry
          </Button>
        </CardContent>
      </Card>
    );
  }

  const accessNotice = canEdit
    ? null
    : `You have ${accessLevelLabel(project.accessLevel)} access to this project: you can read the requirements and the brief, but only the owner and admins can change them.`;
  const readOnlyReason = locked && canEdit ? "The brief is confirmed, so these answers are locked." : null;

  return (
    <>
      <StatusCards requirements={data ?? null} />
      {accessNotice && (
        <Alert variant="info" className="mb-4">
          <Users aria-hidden="true" />
          <span>{accessNotice}</span>
        </Alert>
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value as "form" | "brief")}>
        <TabsList aria-label="Requirements and brief">
          <TabsTrigger value="form">
            <ClipboardCheck className="size-4" aria-hidden="true" /> Requirements Form
          </TabsTrigger>
          <TabsTrigger value="brief">
            <Sparkles className="size-4" aria-hidden="true" /> Generated Brief
          </TabsTrigger>
        </TabsList>
        <TabsContent value="form" forceMount className="data-[state=inactive]:hidden">
          <RequirementsForm
            form={form}
            onSave={onSave}
            onGenerate={() => onGenerate()}
            saving={save.isPending}
            generating={generate.isPending}
            dirty={dirty}
            readOnly={readOnly}
            readOnlyReason={readOnlyReason}
            restoredAt={restoredAt}
            onDiscardDraft={() => {
              clearDraft("requirements", project.id);
              form.reset(baseline);
              setRestoredAt(null);
            }}
            lastSavedAt={data?.updatedAt ?? null}
          />
        </TabsContent>
        <TabsContent value="brief">
          <BriefPanel
            projectId={project.id}
            requirements={data ?? null}
            canEdit={canEdit}
            generating={generate.isPending}
            aiFailure={aiFailure}
            onGenerate={onGenerate}
          />
        </TabsContent>
      </Tabs>
    </>
  );
}
