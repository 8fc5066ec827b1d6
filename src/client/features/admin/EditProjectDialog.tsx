// Edit Details: the project-details form in its five sections. Only changed fields are sent;
// the access expiry is computed by the server from the deployment date and shown read-only.
import { Upload, X } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { CURRENCIES } from "../../../shared/constants/packages";
import { ACCESS_EXPIRY_MESSAGES } from "../../../shared/domain/access-expiry";
import { formatMoney, toMinorUnits } from "../../../shared/domain/payments";
import { DOCUMENT_RULE } from "../../../shared/files/file-check";
import {
  ADMIN_MESSAGES,
  type AdminProject,
  CLOSE_REASON_MAX,
  type InvoicePhase,
  type ProjectPatchInput,
  projectPatchSchema,
} from "../../../shared/schemas/admin";
import { ConfirmDialog } from "../../components/kit/ConfirmDialog";
import { FilePicker } from "../../components/kit/FilePicker";
import { FormDialog } from "../../components/kit/FormDialog";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatCalendarDate } from "../../lib/date-time";
import { useSchemaForm } from "../../lib/form";
import { PACKAGE_FILTER_OPTIONS, STATUS_OPTIONS } from "./admin-format";
import { useDeleteInvoice } from "./api/delete-invoice";
import { useExtendAccess } from "./api/extend-access";
import { useUpdateProject } from "./api/update-project";
import { useUploadInvoice } from "./api/upload-invoice";
import { rejectDocument } from "./reject-document";

type FieldKind = "text" | "url" | "date" | "number" | "amount";
type EditField = { key: keyof ProjectPatchInput & keyof AdminProject; label: string; kind: FieldKind; hint?: string };

const PACKAGE_OPTIONS = PACKAGE_FILTER_OPTIONS.filter((o) => o.value !== "all");
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** What the customer is asked to pay in a phase, and where: "Advance amount", "Advance payment link". */
function paymentRequestFields(phase: "advance" | "balance" | "final", name: string): EditField[] {
  return [
    { key: `${phase}PaymentAmount`, label: `${name} amount`, kind: "amount" },
    { key: `${phase}PaymentLink`, label: `${name} payment link`, kind: "url" },
  ];
}

/** When the advance or balance link went out, and when the money came in. */
function paymentProgressFields(phase: "advance" | "balance"): EditField[] {
  return [
    { key: `${phase}PaymentLinkDate`, label: "Link sent on", kind: "date" },
    { key: `${phase}PaymentReceivedDate`, label: "Payment received on", kind: "date" },
  ];
}

const SECTIONS: Array<{
  title: string;
  fields: EditField[];
  selects?: Array<"status" | "packageType" | "advancePaymentCurrency" | "balancePaymentCurrency">;
  invoice?: InvoicePhase;
}> = [
  {
    title: "Package & Project Details",
    selects: ["packageType", "status"],
    fields: [
      { key: "projectName", label: "Project name", kind: "text" },
      { key: "userLimit", label: "User limit", kind: "number", hint: "1 to 100 users" },
      { key: "budgetRange", label: "Budget range", kind: "text" },
      { key: "timeline", label: "Timeline", kind: "text" },
    ],
  },
  {
    title: "Phase 1 Package & Timeline",
    fields: [
      { key: "expectedCompletionDate", label: "Expected completion", kind: "date" },
      { key: "iterationsUsed", label: "Iterations used", kind: "number" },
      { key: "maxIterations", label: "Iterations included", kind: "number" },
    ],
  },
  {
    title: "Phase 2 Advance Payment",
    selects: ["advancePaymentCurrency"],
    invoice: "advance",
    fields: [
      ...paymentRequestFields("advance", "Advance"),
      ...paymentProgressFields("advance"),
      { key: "advancePaymentDate", label: "Payment date", kind: "date" },
      { key: "advancePaymentDateManual", label: "Payment date (manual)", kind: "date" },
    ],
  },
  {
    title: "Phase 3 Prototype & Balance Payment",
    selects: ["balancePaymentCurrency"],
    fields: [
      { key: "prototypeUrl", label: "Prototype URL", kind: "url", hint: "https:// only" },
      ...paymentRequestFields("balance", "Balance"),
      ...paymentProgressFields("balance"),
    ],
  },
  {
    title: "Phase 4 Final Documents & Deployment",
    invoice: "final",
    fields: [
      ...paymentRequestFields("final", "Final"),
      { key: "finalPaymentDate", label: "Final payment date", kind: "date" },
      { key: "finalPaymentDateManual", label: "Final payment date (manual)", kind: "date" },
      { key: "deploymentDate", label: "Deployment date", kind: "date", hint: "Customer access runs one year from this date" },
    ],
  },
];

const SELECT_LABELS = {
  status: "Status",
  packageType: "Package",
  advancePaymentCurrency: "Currency",
  balancePaymentCurrency: "Currency",
} as const;
const SELECT_OPTIONS = {
  status: STATUS_OPTIONS,
  packageType: PACKAGE_OPTIONS,
  advancePaymentCurrency: CURRENCY_OPTIONS,
  balancePaymentCurrency: CURRENCY_OPTIONS,
};

const ALL_KEYS = [
  ...SECTIONS.flatMap((s) => s.fields.map((f) => f.key)),
  "status",
  "packageType",
  "advancePaymentCurrency",
  "balancePaymentCurrency",
] as const;
const KIND: Record<string, FieldKind> = Object.fromEntries(SECTIONS.flatMap((s) => s.fields.map((f) => [f.key, f.kind])));

function initialText(project: AdminProject, key: string): string {
  const value = project[key as keyof AdminProject];
  if (value === null || value === undefined) return "";
  if (KIND[key] === "date") return String(value).slice(0, 10);
  return String(value);
}

/** The changed fields only, typed as the API takes them ('' clears a field that had a value). */
export function changedFields(project: AdminProject, values: Record<string, string>): ProjectPatchInput {
  const patch: Record<string, unknown> = {};
  for (const key of ALL_KEYS) {
    const before = initialText(project, key);
    const now = (values[key] ?? "").trim();
    if (now === before) continue;
    if (now === "") patch[key] = null;
    else if (KIND[key] === "number") patch[key] = Number(now);
    else patch[key] = now;
  }
  // Completing by hand goes with the reason the customer reads (the server refuses it without one).
  const reason = (values.closeReason ?? "").trim();
  if (patch.status === "completed" && reason) patch.closeReason = reason;
  return patch as ProjectPatchInput;
}

const valuesOf = (project: AdminProject): Record<string, string> =>
  Object.fromEntries(ALL_KEYS.map((key) => [key, initialText(project, key)]));

/** The form's text values, reduced to the changed fields and checked as the shared patch schema. */
const editFormSchema = (current: () => AdminProject) =>
  z
    .record(z.string(), z.string())
    .transform((values) => changedFields(current(), values))
    .pipe(projectPatchSchema);

export function EditProjectDialog({ project, onClose }: { project: AdminProject; onClose: () => void }) {
  const [current, setCurrentState] = useState(project);
  const currentRef = useRef(project);
  const setCurrent = (saved: AdminProject) => {
    currentRef.current = saved;
    setCurrentState(saved);
  };
  const [schema] = useState(() => editFormSchema(() => currentRef.current));
  const form = useSchemaForm(schema, valuesOf(project));
  const errors = form.formState.errors;
  const values = form.watch();
  const update = useUpdateProject();

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      onSubmit={async (patch) => {
        if (Object.keys(patch).length === 0) {
          toast({ title: ADMIN_MESSAGES.projectUpdatedTitle, description: "Nothing changed." });
          return;
        }
        const saved = await update.mutateAsync({ id: project.id, patch });
        setCurrent(saved);
        form.reset(valuesOf(saved));
        toast({ title: ADMIN_MESSAGES.projectUpdatedTitle, description: ADMIN_MESSAGES.projectUpdatedText, variant: "success" });
      }}
      className="max-h-[92vh] max-w-3xl overflow-y-auto"
      title={`Edit Details · ${project.projectCode}`}
      description={project.customerName ?? project.customerEmail ?? undefined}
      submitLabel={ADMIN_MESSAGES.saveProjectDetails}
      pendingLabel={ADMIN_MESSAGES.saving}
      cancelLabel="Close"
      errorTitle={ADMIN_MESSAGES.saveFailedTitle}
      errorText={ADMIN_MESSAGES.saveFailedText}
    >
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="min-w-0 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{section.title}</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {section.selects?.map((key) => (
              <Field key={key} label={SELECT_LABELS[key]} error={errors[key]?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name={key}
                    render={({ field }) => (
                      <Select {...control} value={field.value} onValueChange={field.onChange} options={SELECT_OPTIONS[key]} />
                    )}
                  />
                )}
              </Field>
            ))}
            {section.selects?.includes("status") && values.status === "completed" && current.status !== "completed" && (
              <div className="sm:col-span-2">
                <Field
                  label="Reason for closing (the customer reads it)"
                  hint="The customer has not approved the prototype: closing completes the project without their approval."
                  error={errors.closeReason?.message}
                >
                  {(control) => (
                    <textarea
                      {...control}
                      className="min-h-20 w-full rounded-md border border-slate-300 p-2 text-sm"
                      maxLength={CLOSE_REASON_MAX}
                      {...form.register("closeReason")}
                    />
                  )}
                </Field>
              </div>
            )}
            {section.fields.map((field) => (
              <Field
                key={field.key}
                label={field.label}
                hint={hintFor(field, values, current)}
                error={errors[field.key]?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    type={INPUT_TYPE[field.kind]}
                    inputMode={field.kind === "amount" ? "decimal" : undefined}
                    min={field.key === "userLimit" ? 1 : field.kind === "number" ? 0 : undefined}
                    max={field.key === "userLimit" ? 100 : undefined}
                    placeholder={field.kind === "url" ? "https://" : field.kind === "amount" ? "2500" : undefined}
                    {...form.register(field.key)}
                  />
                )}
              </Field>
            ))}
            {section.invoice && <InvoiceField project={current} phase={section.invoice} onChanged={setCurrent} />}
            {section.title.startsWith("Phase 4") && (
              <Field label="Customer access expiry" hint="Set by the server: one year after deployment, unless extended below">
                {(control) => (
                  <Input
                    {...control}
                    readOnly
                    value={formatCalendarDate(current.customerAccessExpiryDate)}
                    className="bg-slate-50"
                  />
                )}
              </Field>
            )}
            {section.title.startsWith("Phase 4") && current.customerAccessExpiryDate && (
              <ExtendAccessField
                project={current}
                onExtended={(customerAccessExpiryDate) => setCurrent({ ...current, customerAccessExpiryDate })}
              />
            )}
          </div>
        </fieldset>
      ))}
    </FormDialog>
  );
}

const INPUT_TYPE: Record<FieldKind, string> = { date: "date", number: "number", url: "url", text: "text", amount: "text" };

const UNPARSED_AMOUNT: Partial<Record<EditField["key"], keyof AdminProject>> = {
  advancePaymentAmount: "advancePaymentAmountUnparsed",
  balancePaymentAmount: "balancePaymentAmountUnparsed",
  finalPaymentAmount: "finalPaymentAmountUnparsed",
};

function hintFor(field: EditField, values: Record<string, string>, project: AdminProject): ReactNode {
  if (field.kind !== "amount") return field.hint;
  const currency = field.key.startsWith("advance") ? values.advancePaymentCurrency : values.balancePaymentCurrency;
  const typed = values[field.key]?.replace(/,/g, "").trim();
  const minor = toMinorUnits(typed);
  if (minor !== null) return `Shown to the customer as ${formatMoney(minor, currency ?? "USD")}`;
  if (typed) return "Not an amount yet: digits with at most 2 decimals, e.g. 2500.00";
  const unparsedKey = UNPARSED_AMOUNT[field.key];
  const unparsed = unparsedKey ? project[unparsedKey] : null;
  if (typeof unparsed === "string" && unparsed) {
    return (
      <span className="font-medium text-amber-900" data-testid={`unparsed-${field.key}`}>
        Was “{unparsed}”, which is not an amount: re-enter it in {currency ?? "USD"}
      </span>
    );
  }
  return `Amount in ${currency ?? "USD"}`;
}

function InvoiceField({
  project,
  phase,
  onChanged,
}: {
  project: AdminProject;
  phase: InvoicePhase;
  onChanged: (p: AdminProject) => void;
}) {
  const uploadInvoice = useUploadInvoice();
  const deleteInvoice = useDeleteInvoice();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const name = phase === "advance" ? project.advanceInvoiceName : project.finalInvoiceName;
  const url = phase === "advance" ? project.advanceInvoiceUrl : project.finalInvoiceUrl;
  const label = phase === "advance" ? "Advance invoice" : "Final invoice";
  const onFile = (file: File) =>
    uploadInvoice.mutate(
      { id: project.id, phase, file },
      {
        onSuccess: (saved) => {
          onChanged(saved);
          toast({
            title: "Invoice uploaded",
            description: `${label} is on the customer's Payment Information card.`,
            variant: "success",
          });
        },
        onError: (error) =>
          toast({ title: "Error", description: serverMessage(error, "Failed to upload the invoice"), variant: "destructive" }),
      },
    );
  return (
    <div className="sm:col-span-2">
      <p className="mb-1.5 text-sm font-medium text-slate-900">{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        {url ? (
          <a href={url} className="min-w-0 truncate text-sm text-brand-700 underline" download>
            {name ?? "Invoice"}
          </a>
        ) : (
          <span className="text-sm text-slate-500">No invoice uploaded</span>
        )}
        <FilePicker
          input={{ "aria-label": `Upload ${label.toLowerCase()}` }}
          rule={DOCUMENT_RULE}
          onFile={onFile}
          onReject={rejectDocument}
          disabled={uploadInvoice.isPending}
        >
          {({ browse }) => (
            <Button type="button" variant="outline" size="sm" onClick={browse} disabled={uploadInvoice.isPending}>
              <Upload aria-hidden="true" />
              {uploadInvoice.isPending ? "Uploading..." : url ? "Replace" : "Upload invoice"}
            </Button>
          )}
        </FilePicker>
        {url && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => setConfirmingRemoval(true)}
            disabled={deleteInvoice.isPending}
          >
            <X aria-hidden="true" />
          </Button>
        )}
        <ConfirmDialog
          open={confirmingRemoval}
          onOpenChange={setConfirmingRemoval}
          title={`Remove the ${label.toLowerCase()}?`}
          description={`${name ?? "The invoice"} will be removed from ${project.projectCode}'s Payment Information; the customer will no longer see it.`}
          confirmLabel="Remove invoice"
          pendingLabel="Removing..."
          destructive
          onConfirm={() =>
            deleteInvoice.mutateAsync(
              { id: project.id, phase },
              {
                onSuccess: (saved) => {
                  onChanged(saved);
                  toast({
                    title: "Invoice removed",
                    description: `${label} is no longer shown to the customer.`,
                    variant: "success",
                  });
                },
                onError: (error) =>
                  toast({
                    title: "Error",
                    description: serverMessage(error, "Failed to remove the invoice"),
                    variant: "destructive",
                  }),
              },
            )
          }
        />
      </div>
    </div>
  );
}

/** The end of a chosen calendar day in the admin's zone, as an instant (access runs to the end of that day). */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

/** Extend access: a new date in the future; the server audits it and tells the customer. */
function ExtendAccessField({
  project,
  onExtended,
}: {
  project: AdminProject;
  onExtended: (customerAccessExpiryDate: string) => void;
}) {
  const extend = useExtendAccess();
  const [day, setDay] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!day) {
      setError(ACCESS_EXPIRY_MESSAGES.extensionInvalid);
      return;
    }
    setError(null);
    try {
      const saved = await extend.mutateAsync({ id: project.id, customerAccessExpiryDate: endOfDay(day) });
      onExtended(saved.customerAccessExpiryDate);
      setDay("");
      toast({
        title: "Access extended",
        description: `${project.projectCode}: access runs until ${formatCalendarDate(saved.customerAccessExpiryDate)}. The customer is told by email.`,
        variant: "success",
      });
    } catch (caught) {
      setError(serverFieldErrors(caught).customerAccessExpiryDate ?? serverMessage(caught, "Failed to extend access"));
    }
  };
  return (
    <div className="sm:col-span-2" data-testid="extend-access">
      <Field
        label="Extend access until"
        hint="The customer is emailed the new date; the change is in the audit log."
        error={error ?? undefined}
      >
        {(control) => (
          <div className="flex flex-wrap gap-2">
            <Input {...control} type="date" value={day} onChange={(event) => setDay(event.target.value)} className="w-48" />
            <Button type="button" variant="outline" onClick={() => void submit()} disabled={extend.isPending}>
              {extend.isPending ? "Extending..." : "Extend access"}
            </Button>
          </div>
        )}
      </Field>
    </div>
  );
}
