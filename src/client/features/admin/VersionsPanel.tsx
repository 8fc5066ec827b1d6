// Project details → Versions: publish a prototype version (its address and release notes) and see the history.
// The first version is the delivery; each later one ends the open feedback round (the server says when none is left).
import { Rocket, Timer } from "lucide-react";
import { useState } from "react";
import { feedbackRoundLabel } from "../../../shared/domain/feedback-rounds";
import type { AdminProject } from "../../../shared/schemas/admin";
import { publishVersionSchema, RELEASE_NOTES_MAX } from "../../../shared/schemas/versions";
import { VersionList } from "../../components/kit/VersionList";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { usePublishVersion, useVersions } from "../feedback/api/get-versions";
import { useStartDeliveryClock } from "./api/start-delivery-clock";

export function VersionsPanel({ project }: { project: AdminProject }) {
  const versions = useVersions(project.id);
  const publish = usePublishVersion(project.id);
  const form = useSchemaForm(publishVersionSchema, { url: project.prototypeUrl ?? "", releaseNotes: "" });
  const [refusal, setRefusal] = useState<string | null>(null);
  const next = (versions.data?.total ?? 0) + 1;
  const pending = form.formState.isSubmitting;
  const notes = form.watch("releaseNotes") ?? "";

  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const version = await publish.mutateAsync(body);
      form.reset({ url: body.url, releaseNotes: "" });
      toast({ title: `Version ${version.number} published` });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setServerFieldErrors(form, fields);
      if (Object.keys(fields).length === 0) setRefusal(serverMessage(error, "The version could not be published."));
    }
  });

  const startClock = useStartDeliveryClock(project.id);
  const [clockStartedAt, setClockStartedAt] = useState<string | null>(project.deliveryStartedAt);
  const start = () =>
    startClock.mutate(undefined, {
      onSuccess: (clock) => {
        setClockStartedAt(clock.deliveryStartedAt);
        toast({ title: `Delivery clock started: due ${formatDateTime(clock.deliveryDueAt)}` });
      },
      onError: (error) =>
        toast({ title: "Error", description: serverMessage(error, "The clock could not be started."), variant: "destructive" }),
    });

  return (
    <div className="grid gap-5">
      {!clockStartedAt && !project.deliveredAt && (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-slate-700">
            The delivery clock starts by itself once the brief is confirmed and the advance payment is received.
          </p>
          <Button variant="outline" size="sm" onClick={start} disabled={startClock.isPending}>
            <Timer aria-hidden="true" />
            {startClock.isPending ? "Starting..." : "Start the clock now"}
          </Button>
        </div>
      )}
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-3 rounded-xl border border-slate-200 p-4"
        aria-label="Publish a version"
      >
        <div>
          <h3 className="font-semibold text-slate-900">Publish version {next}</h3>
          <p className="text-sm text-slate-600">
            {next === 1
              ? "The first version is the delivery: it stops the delivery clock and moves the project to testing."
              : `Publishing ends ${feedbackRoundLabel(project.iterationsUsed + 1, project.maxIterations).toLowerCase()}: open items move on to the next round.`}
          </p>
        </div>
        {refusal && <Alert variant="danger">{refusal}</Alert>}
        <Field label="Prototype URL" required error={form.formState.errors.url?.message}>
          {(control) => <Input {...control} type="url" placeholder="https://" {...form.register("url")} />}
        </Field>
        <Field
          label="Release notes"
          required
          hint="Markdown: what changed, which feedback items it fixes."
          error={form.formState.errors.releaseNotes?.message}
          aside={<span className="ml-auto text-xs text-slate-500">{`${notes.length}/${RELEASE_NOTES_MAX}`}</span>}
        >
          {(control) => <Textarea {...control} rows={5} maxLength={RELEASE_NOTES_MAX} {...form.register("releaseNotes")} />}
        </Field>
        <Button type="submit" className="justify-self-end" disabled={pending}>
          <Rocket aria-hidden="true" />
          {pending ? "Publishing..." : `Publish version ${next}`}
        </Button>
      </form>
      <VersionList versions={versions} currentUrl={project.prototypeUrl} emptyText="No version published yet." />
    </div>
  );
}
