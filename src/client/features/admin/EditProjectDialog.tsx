// Edit Details: the project-details form in its five sections (part 2 §2, §3). Only changed fields are sent;
// the access expiry is computed by the server from the deployment date and shown read-only.
import { Upload, X } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { CURRENCIES } from "../../../shared/constants/packages";
import { formatAmount } from "../../../shared/domain/dashboard";
import { ADMIN_MESSAGES, type AdminProject, type InvoicePhase, type ProjectPatchInput } from "../../../shared/schemas/admin";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatCalendarDate } from "../../lib/date-time";
import { PACKAGE_FILTER_OPTIONS, STATUS_OPTIONS } from "./admin-format";
import { useDeleteInvoice } from "./api/delete-invoice";
import { useUpdateProject } from "./api/update-project";
import { useUploadInvoice } from "./api/upload-invoice";
import { looksLikeDocument } from "./ProjectsTab";

type FieldKind = "text" | "url" | "date" | "number" | "amount";
type EditField = { key: keyof ProjectPatchInput & keyof AdminProject; label: string; kind: FieldKind; hint?: string };

const PACKAGE_OPTIONS = PACKAGE_FILTER_OPTIONS.filter((o) => o.value !== "all");
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

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
      { key: "advancePaymentAmount", label: "Advance amount", kind: "amount" },
      { key: "advancePaymentLink", label: "Advance payment link", kind: "url" },
      { key: "advancePaymentLinkDate", label: "Link sent on", kind: "date" },
      { key: "advancePaymentReceivedDate", label: "Payment received on", kind: "date" },
      { key: "advancePaymentDate", label: "Payment date", kind: "date" },
      { key: "advancePaymentDateManual", label: "Payment date (manual)", kind: "date" },
    ],
  },
  {
    title: "Phase 3 Prototype & Balance Payment",
    selects: ["balancePaymentCurrency"],
    fields: [
      { key: "prototypeUrl", label: "Prototype URL", kind: "url", hint: "https:// only" },
      { key: "balancePaymentAmount", label: "Balance amount", kind: "amount" },
      { key: "balancePaymentLink", label: "Balance payment link", kind: "url" },
      { key: "balancePaymentLinkDate", label: "Link sent on", kind: "date" },
      { key: "balancePaymentReceivedDate", label: "Payment received on", kind: "date" },
    ],
  },
  {
    title: "Phase 4 Final Documents & Deployment",
    invoice: "final",
    fields: [
      { key: "finalPaymentAmount", label: "Final amount", kind: "amount" },
      { key: "finalPaymentLink", label: "Final payment link", kind: "url" },
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
  return patch as ProjectPatchInput;
}

export function EditProjectDialog({ project, onClose }: { project: AdminProject; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(ALL_KEYS.map((k) => [k, initialText(project, k)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [current, setCurrent] = useState(project);
  const update = useUpdateProject();
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const save = () => {
    const patch = changedFields(current, values);
    if (Object.keys(patch).length === 0) {
      toast({ title: ADMIN_MESSAGES.projectUpdatedTitle, description: "Nothing changed." });
      return;
    }
    setErrors({});
    update.mutate(
      { id: project.id, patch },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          setValues(Object.fromEntries(ALL_KEYS.map((k) => [k, initialText(saved, k)])));
          toast({
            title: ADMIN_MESSAGES.projectUpdatedTitle,
            description: ADMIN_MESSAGES.projectUpdatedText,
            variant: "success",
          });
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          toast({
            title: ADMIN_MESSAGES.saveFailedTitle,
            description: serverMessage(error, ADMIN_MESSAGES.saveFailedText),
            variant: "destructive",
          });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92vh] max-w-3xl overflow-y-auto">
        <DialogHeader
          title={`Edit Details · ${project.projectCode}`}
          description={project.customerName ?? project.customerEmail ?? undefined}
        />
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {SECTIONS.map((section) => (
            <fieldset key={section.title} className="rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">{section.title}</legend>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {section.selects?.map((key) => (
                  <Field key={key} label={SELECT_LABELS[key]} error={errors[key]}>
                    {(control) => (
                      <Select {...control} value={values[key]} onValueChange={(v) => set(key, v)} options={SELECT_OPTIONS[key]} />
                    )}
                  </Field>
                ))}
                {section.fields.map((field) => (
                  <Field key={field.key} label={field.label} hint={hintFor(field, values)} error={errors[field.key]}>
                    {(control) => (
                      <Input
                        {...control}
                        type={
                          field.kind === "date"
                            ? "date"
                            : field.kind === "number"
                              ? "number"
                              : field.kind === "url"
                                ? "url"
                                : "text"
                        }
                        inputMode={field.kind === "amount" ? "decimal" : undefined}
                        min={field.key === "userLimit" ? 1 : field.kind === "number" ? 0 : undefined}
                        max={field.key === "userLimit" ? 100 : undefined}
                        placeholder={field.kind === "url" ? "https://" : field.kind === "amount" ? "2500" : undefined}
                        value={values[field.key] ?? ""}
                        onChange={(event) => set(field.key, event.target.value)}
                      />
                    )}
                  </Field>
                ))}
                {section.invoice && <InvoiceField project={current} phase={section.invoice} onChanged={setCurrent} />}
                {section.title.startsWith("Phase 4") && (
                  <Field label="Customer access expiry" hint="Set by the server: one year after deployment">
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
              </div>
            </fieldset>
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? ADMIN_MESSAGES.saving : ADMIN_MESSAGES.saveProjectDetails}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function hintFor(field: EditField, values: Record<string, string>): ReactNode {
  if (field.kind !== "amount") return field.hint;
  const currency = field.key.startsWith("advance") ? values.advancePaymentCurrency : values.balancePaymentCurrency;
  const formatted = formatAmount(values[field.key]?.replace(/,/g, ""), currency);
  return formatted ? `Shown to the customer as ${formatted}` : `Amount in ${currency ?? "USD"}`;
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
  const input = useRef<HTMLInputElement>(null);
  const name = phase === "advance" ? project.advanceInvoiceName : project.finalInvoiceName;
  const url = phase === "advance" ? project.advanceInvoiceUrl : project.finalInvoiceUrl;
  const label = phase === "advance" ? "Advance invoice" : "Final invoice";
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!looksLikeDocument(file)) {
      toast({
        title: ADMIN_MESSAGES.invalidFileTypeTitle,
        description: ADMIN_MESSAGES.invalidFileTypeText,
        variant: "destructive",
      });
      return;
    }
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
  };
  return (
    <div className="sm:col-span-2">
      <p className="mb-1.5 text-sm font-medium text-slate-900">{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        {url ? (
          <a href={url} className="truncate text-sm text-brand-700 underline" download>
            {name ?? "Invoice"}
          </a>
        ) : (
          <span className="text-sm text-slate-500">No invoice uploaded</span>
        )}
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept=".pdf,.doc,.docx"
          aria-label={`Upload ${label.toLowerCase()}`}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={uploadInvoice.isPending}
        >
          <Upload aria-hidden="true" />
          {uploadInvoice.isPending ? "Uploading..." : url ? "Replace" : "Upload invoice"}
        </Button>
        {url && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => deleteInvoice.mutate({ id: project.id, phase }, { onSuccess: onChanged })}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
