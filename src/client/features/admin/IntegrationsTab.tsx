// The console's Integrations tab (issue 46 §1): outgoing webhook endpoints (URL, kind, events, state), adding one
// (its signing secret shown once), rotating the secret, pausing and resuming, deleting, and each endpoint's delivery log
// (paged on the server) with every attempt's status, time and the first 1 KB of the answer, and "Resend".
import { Check, Copy, KeyRound, Pause, Play, Plus, RotateCw, Send, Trash2, TriangleAlert, Webhook } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_KINDS,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookKind,
  webhookCreateSchema,
} from "../../../shared/schemas/webhooks";
import { ConfirmDialog } from "../../components/kit/ConfirmDialog";
import { FormDialog } from "../../components/kit/FormDialog";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time";
import { useSchemaForm } from "../../lib/form";
import {
  type SecretReply,
  useCreateWebhook,
  useDeleteWebhook,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from "./api/webhooks";

const KIND_OPTIONS = (Object.keys(WEBHOOK_KINDS) as WebhookKind[]).map((kind) => ({
  value: kind,
  label: WEBHOOK_KINDS[kind].label,
}));
const eventLabel = (type: string) => (type in WEBHOOK_EVENTS ? WEBHOOK_EVENTS[type as keyof typeof WEBHOOK_EVENTS].label : type);

function failed(what: string) {
  return (error: unknown) => toast({ title: "Error", description: serverMessage(error, what), variant: "destructive" });
}

export function IntegrationsTab() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<SecretReply | null>(null);
  return (
    <div className="grid gap-6">
      <Card className="min-w-0">
        <CardContent className="grid min-w-0 gap-4 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Webhook aria-hidden="true" className="size-5 text-brand-700" />
              Webhooks
            </h2>
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add endpoint
            </Button>
          </div>
          <p className="text-sm text-slate-600">
            Tell your other tools what happens in the portal. Each event is posted as signed JSON (Standard Webhooks: verify it
            with the <code>standardwebhooks</code> package and the endpoint's secret), or as a short message to a Slack incoming
            webhook. Failed deliveries are retried for about a day, in order; an endpoint that fails for a day is paused and you
            are emailed.
          </p>
          <ListState
            isLoading={endpoints.isLoading}
            error={endpoints.error}
            isEmpty={endpoints.data?.items.length === 0}
            emptyText="No endpoints yet: add one to send events to another tool"
            onRetry={() => endpoints.refetch()}
          >
            <ul className="grid gap-4" data-testid="webhook-endpoints">
              {endpoints.data?.items.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
              ))}
            </ul>
          </ListState>
        </CardContent>
      </Card>
      {adding && (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(reply) => {
            setAdding(false);
            if (reply.secret) setSecret(reply);
          }}
        />
      )}
      {secret?.secret && <SecretDialog reply={secret} onClose={() => setSecret(null)} />}
    </div>
  );
}

function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.paused) return <Badge variant="warning">Paused</Badge>;
  if (endpoint.failingSince) return <Badge variant="danger">Failing since {formatDateTime(endpoint.failingSince)}</Badge>;
  return <Badge variant="success">Active</Badge>;
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (reply: SecretReply) => void }) {
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [confirm, setConfirm] = useState<"rotate" | "delete" | null>(null);
  const [showLog, setShowLog] = useState(false);
  const togglePause = () =>
    update
      .mutateAsync({ id: endpoint.id, patch: { paused: !endpoint.paused } })
      .then(() =>
        toast({
          title: endpoint.paused ? "Endpoint resumed" : "Endpoint paused",
          description: endpoint.paused ? "Waiting events are sent in order." : "It gets no new events until you resume it.",
          variant: "success",
        }),
      )
      .catch(failed("The endpoint could not be changed."));
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-4" data-testid="webhook-endpoint">
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{WEBHOOK_KINDS[endpoint.kind].label}</Badge>
          <EndpointState endpoint={endpoint} />
        </div>
      </div>
      {endpoint.pausedReason && <p className="text-sm text-amber-900">{endpoint.pausedReason}</p>}
      <ul className="flex flex-wrap gap-1.5" aria-label="Events">
        {endpoint.events.map((type) => (
          <li key={type}>
            <Badge variant="outline" title={type}>
              {eventLabel(type)}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setShowLog((open) => !open)} aria-expanded={showLog}>
          <Send aria-hidden="true" />
          {showLog ? "Hide delivery log" : "Delivery log"}
        </Button>
        <Button variant="outline" size="sm" onClick={togglePause} disabled={update.isPending}>
          {endpoint.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {endpoint.paused ? "Resume" : "Pause"}
        </Button>
        {endpoint.kind === "standard" && (
          <Button variant="outline" size="sm" onClick={() => setConfirm("rotate")}>
            <KeyRound aria-hidden="true" />
            Rotate secret
          </Button>
        )}
        <Button variant="outline" size="sm" className="text-red-700" onClick={() => setConfirm("delete")}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
      <ConfirmDialog
        open={confirm === "rotate"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Rotate the signing secret?"
        description="The current secret stops signing at once: deliveries from now on are signed with the new one, shown once."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating..."
        onConfirm={() =>
          rotate
            .mutateAsync(endpoint.id)
            .then(onSecret)
            .catch((error) => {
              failed("The secret could not be rotated.")(error);
              throw error;
            })
        }
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete this endpoint?"
        description={`${endpoint.url} gets no more events, and its waiting events and delivery log are deleted.`}
        confirmLabel="Delete endpoint"
        pendingLabel="Deleting..."
        destructive
        onConfirm={() =>
          remove
            .mutateAsync(endpoint.id)
            .then(() => toast({ title: "Endpoint deleted", variant: "success" }))
            .catch((error) => {
              failed("The endpoint could not be deleted.")(error);
              throw error;
            })
        }
      />
    </li>
  );
}

const STATUS_BADGE = {
  pending: { label: "Retrying", variant: "warning" },
  delivered: { label: "Delivered", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
} as const;

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const entry =
    delivery.status === "pending" && delivery.attempts === 0
      ? { label: "Waiting", variant: "secondary" as const }
      : STATUS_BADGE[delivery.status];
  return <Badge variant={entry.variant}>{entry.label}</Badge>;
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const resend = useResendWebhookDelivery();
  return (
    <section className="grid min-w-0 gap-2 border-t border-slate-100 pt-3" aria-label="Delivery log">
      <ListState
        isLoading={deliveries.isLoading}
        error={deliveries.error}
        isEmpty={deliveries.data?.items.length === 0}
        emptyText="No deliveries yet: events the endpoint subscribed to appear here"
        onRetry={() => deliveries.refetch()}
      >
        <ul className="grid gap-2" data-testid="webhook-deliveries">
          {deliveries.data?.items.map((delivery) => (
            <li key={delivery.id} className="min-w-0 rounded-md bg-slate-50 p-3 text-sm" data-testid="webhook-delivery">
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-slate-900">{eventLabel(delivery.eventType)}</span>
                <DeliveryStatus delivery={delivery} />
                <span className="text-slate-600">
                  {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
                </span>
                {delivery.lastStatusCode !== null && <span className="text-slate-600">HTTP {delivery.lastStatusCode}</span>}
                <span className="text-slate-500">{formatDateTime(delivery.createdAt)}</span>
                <Button
                  variant="outline"
                  size="sm"
                  className="ml-auto"
                  disabled={resend.isPending}
                  onClick={() =>
                    resend
                      .mutateAsync(delivery.id)
                      .then(() =>
                        toast({ title: "Queued again", description: "It is sent within a few seconds.", variant: "success" }),
                      )
                      .catch(failed("The delivery could not be resent."))
                  }
                >
                  <RotateCw aria-hidden="true" />
                  Resend
                </Button>
              </div>
              {delivery.lastError && <p className="mt-1 break-words text-red-700">{delivery.lastError}</p>}
              {delivery.status === "pending" && delivery.attempts > 0 && delivery.nextAttemptAt && (
                <p className="mt-1 text-slate-600">Next attempt {formatDateTime(delivery.nextAttemptAt)}</p>
              )}
              {delivery.attemptLog.length > 0 && (
                <details className="mt-2">
                  <summary className="cursor-pointer text-brand-700">Attempts and answers</summary>
                  <ol className="mt-2 grid gap-2">
                    {delivery.attemptLog.map((attempt) => (
                      <li key={attempt.attemptedAt} className="grid gap-1 rounded border border-slate-200 bg-white p-2">
                        <p className="text-slate-700">
                          {formatDateTime(attempt.attemptedAt)} ·{" "}
                          {attempt.statusCode === null ? "no answer" : `HTTP ${attempt.statusCode}`} · {attempt.durationMs} ms
                          {attempt.error ? ` · ${attempt.error}` : ""}
                        </p>
                        {attempt.responseExcerpt && (
                          <pre className="max-h-40 overflow-auto rounded bg-slate-100 p-2 text-xs break-all whitespace-pre-wrap text-slate-800">
                            {attempt.responseExcerpt}
                          </pre>
                        )}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ))}
        </ul>
        {deliveries.data && <Pager of={deliveries.data} onPage={setPage} />}
      </ListState>
    </section>
  );
}

function AddEndpointDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (reply: SecretReply) => void }) {
  const create = useCreateWebhook();
  const form = useSchemaForm(webhookCreateSchema, {
    url: "",
    description: "",
    kind: "standard",
    events: [],
  } as WebhookCreateInput);
  const errors = form.formState.errors;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      onSubmit={async (values) => {
        const reply = await create.mutateAsync(values);
        toast({ title: "Endpoint added", description: reply.endpoint.url, variant: "success" });
        onCreated(reply);
      }}
      title="Add endpoint"
      description="Events are posted to this URL as they happen. Only https URLs on public addresses are accepted."
      submitLabel="Add endpoint"
      pendingLabel="Adding..."
      icon={<Plus aria-hidden="true" />}
      errorText="The endpoint could not be added."
      formLabel="Add endpoint"
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      <Field label="Type" error={errors.kind?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select {...control} value={field.value} onValueChange={field.onChange} options={KIND_OPTIONS} />
            )}
          />
        )}
      </Field>
      <Field
        label="URL"
        required
        hint={form.watch("kind") === "slack" ? "The incoming webhook's URL, https://hooks.slack.com/services/…" : undefined}
        error={errors.url?.message}
      >
        {(control) => (
          <Input {...control} type="url" placeholder="https://example.com/webhooks/blueprint" {...form.register("url")} />
        )}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(control) => <Input {...control} placeholder="e.g. CRM, accounting" {...form.register("description")} />}
      </Field>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => {
          const chosen = new Set(field.value ?? []);
          const all = chosen.size === WEBHOOK_EVENT_TYPES.length;
          const toggle = (type: string, on: boolean) => {
            const next = new Set(chosen);
            if (on) next.add(type);
            else next.delete(type);
            field.onChange(WEBHOOK_EVENT_TYPES.filter((name) => next.has(name)));
          };
          return (
            <fieldset className="grid gap-2" aria-describedby={errors.events ? "webhook-events-error" : undefined}>
              <legend className="mb-1 text-sm font-medium text-slate-800">
                Events
                <span aria-hidden="true" className="text-red-600">
                  {" "}
                  *
                </span>
              </legend>
              <div className="flex items-center gap-2">
                <Checkbox
                  id="webhook-events-all"
                  checked={all}
                  onCheckedChange={(on) => field.onChange(on === true ? [...WEBHOOK_EVENT_TYPES] : [])}
                />
                <label htmlFor="webhook-events-all" className="text-sm font-medium text-slate-800">
                  Select all
                </label>
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={`webhook-event-${type}`}
                      checked={chosen.has(type)}
                      onCheckedChange={(on) => toggle(type, on === true)}
                    />
                    <label htmlFor={`webhook-event-${type}`} className="text-sm text-slate-700">
                      {WEBHOOK_EVENTS[type].label} <span className="font-mono text-xs text-slate-500">{type}</span>
                    </label>
                  </div>
                ))}
              </div>
              {errors.events?.message && (
                <p id="webhook-events-error" role="alert" className="text-sm text-red-600">
                  {errors.events.message}
                </p>
              )}
            </fieldset>
          );
        }}
      />
    </FormDialog>
  );
}

function SecretDialog({ reply, onClose }: { reply: SecretReply; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const secret = reply.secret ?? "";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader title="Signing secret" description={reply.endpoint.url} />
        <div className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          <p>Copy it now: it is shown only once. Store it with the receiver; rotate it if it leaks.</p>
        </div>
        <code
          className="block rounded-md bg-slate-100 p-3 font-mono text-sm break-all text-slate-900"
          data-testid="webhook-secret"
        >
          {secret}
        </code>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() =>
              navigator.clipboard
                .writeText(secret)
                .then(() => setCopied(true))
                .catch(() =>
                  toast({ title: "Copy failed", description: "Select the secret and copy it by hand.", variant: "destructive" }),
                )
            }
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied" : "Copy secret"}
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
