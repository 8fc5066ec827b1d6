// The proposal the customer accepts before the work starts (issue 48 §2): once the brief is confirmed, the package,
// price, payment schedule with amounts, delivery promise, what is included and the project terms, and a name to type
// to accept it; once accepted, one line with who accepted it, when, and the sealed PDF. Loaded only while the project
// has a proposal to show, so the dashboard's first load stays as it was.
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Download, FileSignature } from "lucide-react";
import { useForm } from "react-hook-form";
import { moneyText } from "../../../shared/domain/pricing";
import type { Project } from "../../../shared/schemas/project";
import {
  PROPOSAL_MESSAGES,
  type Proposal,
  type ProposalAcceptInput,
  proposalAcceptInputSchema,
} from "../../../shared/schemas/proposal";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError, serverFieldErrors, serverMessage } from "../../lib/api";
import { API } from "../../lib/api-paths";
import { formatCalendarDate } from "../../lib/date-time";
import { setServerFieldErrors } from "../../lib/form";
import { useAcceptProposal } from "./api/accept-proposal";
import { useProposal } from "./api/get-proposal";

/** "Proposal accepted by Dana Wells on 8 December 2026 · Download PDF". */
function AcceptedLine({ project }: { project: Project }) {
  const proposal = project.proposal;
  if (!proposal?.acceptedAt) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      data-testid="proposal-accepted"
    >
      <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
      <p className="min-w-0 flex-1">
        Proposal accepted by <span className="font-medium">{proposal.acceptedBy}</span> on{" "}
        {formatCalendarDate(proposal.acceptedAt)}
      </p>
      <Button asChild size="sm" variant="outline">
        <a href={API.proposalPdf.path({ projectId: project.id })} download>
          <Download aria-hidden="true" />
          Download PDF
        </a>
      </Button>
    </div>
  );
}

function Facts({ proposal }: { proposal: Proposal }) {
  const rows: Array<[string, string]> = [
    ["Package", proposal.package.name],
    ["Delivery", proposal.delivery.text],
    [
      "Included",
      `${proposal.iterations} iteration rounds · ${proposal.testers} testers · ${proposal.accessMonths} months of hosted access`,
    ],
    [
      "From",
      [proposal.seller.name, proposal.seller.taxId && `${proposal.seller.taxIdLabel} ${proposal.seller.taxId}`]
        .filter(Boolean)
        .join(" · "),
    ],
    [
      "For",
      [proposal.buyer.name, proposal.buyer.taxId && `${proposal.buyer.taxIdLabel} ${proposal.buyer.taxId}`]
        .filter(Boolean)
        .join(" · "),
    ],
  ];
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Schedule({ proposal }: { proposal: Proposal }) {
  return (
    <div className="grid gap-2" data-testid="proposal-schedule">
      <p className="text-sm font-medium text-slate-900">
        Price: {moneyText(proposal.price.amount, proposal.price.currency)}{" "}
        <span className="font-normal text-slate-600">
          ({proposal.price.source === "custom" ? "custom price" : `${proposal.package.name} plan price`}, taxes included)
        </span>
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {proposal.schedule.map((phase) => (
          <li key={phase.phase} className="rounded-lg border border-slate-200 p-3">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium text-slate-900">
                {phase.label} · {phase.percent}%
              </span>
              <span className="text-slate-900">{moneyText(phase.amount, phase.currency)}</span>
            </p>
            <p className="mt-1 text-xs text-slate-600">{phase.due}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Terms({ proposal }: { proposal: Proposal }) {
  const { terms } = proposal;
  return (
    <details className="group rounded-lg border border-slate-200 p-3 text-sm" data-testid="proposal-terms">
      <summary className="cursor-pointer font-medium text-slate-900">
        {terms.title} (version {terms.version}): ownership, confidentiality, refunds, cancellation
      </summary>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard */}
      <section aria-label={terms.title} tabIndex={0} className="mt-3 grid max-h-96 gap-3 overflow-y-auto pr-1">
        {terms.sections.map((section) => (
          <section key={section.heading}>
            <h4 className="font-medium text-slate-900">{section.heading}</h4>
            <p className="mt-1 text-slate-700">{section.body}</p>
          </section>
        ))}
      </section>
      <p className="mt-3 text-xs text-slate-600">
        Also published as the{" "}
        <a className="underline" href={terms.links.terms} target="_blank" rel="noreferrer noopener">
          Project Terms
        </a>
        ,{" "}
        <a className="underline" href={terms.links.refunds} target="_blank" rel="noreferrer noopener">
          Refund and Cancellation Policy
        </a>{" "}
        and{" "}
        <a className="underline" href={terms.links.privacy} target="_blank" rel="noreferrer noopener">
          Privacy Notice
        </a>
        .
      </p>
    </details>
  );
}

function AcceptForm({ proposal }: { proposal: Proposal }) {
  const accept = useAcceptProposal(proposal.projectId);
  const form = useForm<ProposalAcceptInput>({
    resolver: zodResolver(proposalAcceptInputSchema),
    defaultValues: { name: "", version: proposal.version },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;
  const failure = accept.error && !(accept.error instanceof ApiError && accept.error.status === 400) ? accept.error : null;
  const submit = form.handleSubmit((input) =>
    accept.mutate(
      { ...input, version: proposal.version },
      { onError: (error) => setServerFieldErrors(form, serverFieldErrors(error)) },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 rounded-lg bg-slate-50 p-4">
      <Field
        id="proposal-name"
        label="Type your full name to accept"
        hint="Your typed name, the time and your address are recorded with the proposal, and you get a sealed PDF of it."
        error={errors.name?.message}
        required
      >
        {(control) => <Input autoComplete="name" maxLength={120} {...control} {...form.register("name")} />}
      </Field>
      {failure && (
        <p role="alert" className="text-sm text-red-700" data-testid="proposal-error">
          {serverMessage(failure, "The proposal could not be accepted. Please try again.")}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton type="submit" pending={accept.isPending} icon={FileSignature}>
          {accept.isPending ? "Accepting…" : "Accept proposal"}
        </PendingButton>
        <p className="text-xs text-slate-600">The advance payment can be paid once the proposal is accepted.</p>
      </div>
    </form>
  );
}

export function ProposalCard({ project }: { project: Project }) {
  const state = project.proposal?.state ?? "not_ready";
  const proposal = useProposal(project.id, { enabled: state === "open", version: project.proposal?.version ?? 0 });
  if (state === "accepted") return <AcceptedLine project={project} />;
  if (state !== "open") return null;
  if (proposal.isPending) return <Skeleton className="h-64" />;
  if (proposal.isError) {
    const preparing = proposal.error instanceof ApiError && proposal.error.code === "LEGAL_DETAILS_MISSING";
    return (
      <Alert variant={preparing ? "info" : "danger"} data-testid="proposal-unavailable" className="items-center justify-between">
        <span>
          {preparing ? PROPOSAL_MESSAGES.preparing : serverMessage(proposal.error, "The proposal could not be loaded.")}
        </span>
        {!preparing && (
          <Button size="sm" variant="outline" onClick={() => proposal.refetch()}>
            Retry
          </Button>
        )}
      </Alert>
    );
  }
  const data = proposal.data;
  return (
    <Card id="proposal" data-testid="dashboard-proposal" className="border-brand-200">
      <CardHeader>
        <CardIconTitle icon={FileSignature}>Your proposal</CardIconTitle>
        <CardDescription>
          Version {data.version} for {data.projectCode}. Read it, then accept it by typing your name: the advance payment comes
          next, and the delivery clock starts when it is received.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data.previousAcceptance && (
          <Alert variant="warning">
            <span>
              {data.previousAcceptance.name} accepted version {data.previousAcceptance.version} on{" "}
              {formatCalendarDate(data.previousAcceptance.at)}. The price or package has changed since, so this version needs your
              acceptance.
            </span>
          </Alert>
        )}
        <Schedule proposal={data} />
        <Facts proposal={data} />
        <Terms proposal={data} />
        <AcceptForm proposal={data} />
      </CardContent>
    </Card>
  );
}
