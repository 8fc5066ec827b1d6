// The Billing tab's first section: the company's legal details, which proposals, invoices, receipts, the NDA and the
// public terms pages name, and the payment schedule's advance. One form checked by the shared schema on both sides.
import { Landmark } from "lucide-react";
import { Controller } from "react-hook-form";
import { invoiceNumber } from "../../../shared/domain/invoices";
import { taxIdLabel } from "../../../shared/domain/tax-ids";
import {
  type CompanyLegal,
  type CompanyLegalFormValues,
  type CompanyLegalInput,
  companyLegalFormSchema,
} from "../../../shared/schemas/legal";
import { CountrySelect, RegionInput, regionLabel } from "../../components/kit/CountryRegionFields";
import { EmptyState } from "../../components/kit/EmptyState";
import { ListState } from "../../components/kit/ListState";
import { Alert } from "../../components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { useCompanyLegal, useSaveCompanyLegal } from "./api/company-legal";

const SAVE_FAILED = "The legal details could not be saved. Please check the fields and try again.";

function defaultsFrom(legal: CompanyLegal | null): CompanyLegalFormValues {
  return {
    legalName: legal?.legalName ?? "",
    address: legal?.address ?? "",
    country: legal?.country ?? "IN",
    region: legal?.region ?? "",
    taxId: legal?.taxId ?? "",
    taxLabel: legal?.taxLabel ?? "",
    taxRatePercent: legal?.taxRatePercent ?? "0",
    invoicePrefix: legal?.invoicePrefix ?? "BP",
    governingLaw: legal?.governingLaw ?? "",
    signatoryName: legal?.signatoryName ?? "",
    signatoryTitle: legal?.signatoryTitle ?? "",
    contactEmail: legal?.contactEmail ?? "",
    advancePercent: legal?.advancePercent ?? 50,
  };
}

export function LegalDetailsSection() {
  const legal = useCompanyLegal();
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={Landmark}>Legal details</CardIconTitle>
        <CardDescription>
          The legal entity that proposals, invoices, receipts, the NDA and the public terms, privacy and refund pages name, and
          the payment schedule every project follows.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ListState
          isLoading={legal.isLoading}
          error={legal.error}
          isEmpty={false}
          emptyText={null}
          onRetry={() => legal.refetch()}
        >
          {legal.data && <LegalDetailsForm legal={legal.data.legal} />}
        </ListState>
      </CardContent>
    </Card>
  );
}

function LegalDetailsForm({ legal }: { legal: CompanyLegal | null }) {
  const save = useSaveCompanyLegal();
  const form = useSchemaForm<CompanyLegalFormValues, CompanyLegalInput>(companyLegalFormSchema, defaultsFrom(legal));
  const errors = form.formState.errors;
  const error = (name: keyof CompanyLegalFormValues) => errors[name]?.message;
  const id = (name: keyof CompanyLegalFormValues) => `legal-${name}`;
  const country = form.watch("country") || "";
  const prefix = String(form.watch("invoicePrefix") ?? "")
    .trim()
    .toUpperCase();
  const advance = Number(form.watch("advancePercent"));
  const advanceValid = Number.isInteger(advance) && advance >= 0 && advance <= 100;

  // The form stays mounted across the save (its answer becomes `legal`) and takes the saved, normalised values.
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (reply) => {
        form.reset(defaultsFrom(reply.legal));
        toast({
          title: "Legal details saved",
          description: "New proposals, invoices, the NDA and the terms pages use them from now on.",
          variant: "success",
        });
      },
      onError: (failure) => {
        setServerFieldErrors(form, serverFieldErrors(failure));
        toast({ title: "Not saved", description: serverMessage(failure, SAVE_FAILED), variant: "destructive" });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {legal ? (
        <p className="text-sm text-slate-600">
          Last changed{" "}
          <time dateTime={legal.updatedAt ?? undefined}>{legal.updatedAt ? formatDateTime(legal.updatedAt) : ""}</time>. A change
          applies to what is issued from now on; signed and issued documents keep the details they were made with.
        </p>
      ) : (
        <EmptyState
          icon={Landmark}
          tone="warning"
          titleAs="h3"
          title="Not set up yet"
          className="rounded-xl bg-amber-50/60 p-5"
          description="Proposals and invoices need these details: until they are saved, no proposal can be sent or invoice issued, the NDA names Blueprint without a legal entity, and the terms pages say the company's details are being completed."
        />
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("legalName")} label="Legal name" required error={error("legalName")}>
          {(control) => (
            <Input
              autoComplete="organization"
              placeholder="Blueprint Labs Private Limited"
              {...control}
              {...form.register("legalName")}
            />
          )}
        </Field>
        <Field id={id("contactEmail")} label="Contact email" required error={error("contactEmail")}>
          {(control) => (
            <Input type="email" placeholder="legal@yourcompany.com" {...control} {...form.register("contactEmail")} />
          )}
        </Field>
      </div>

      <Field id={id("address")} label="Registered address" required error={error("address")}>
        {(control) => <Textarea rows={3} autoComplete="street-address" {...control} {...form.register("address")} />}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("country")} label="Country" required error={error("country")}>
          {(control) => (
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <CountrySelect
                  {...control}
                  value={field.value ?? ""}
                  onChange={(code) => {
                    field.onChange(code);
                    if ((code === "IN") !== (country === "IN")) form.setValue("region", "");
                  }}
                />
              )}
            />
          )}
        </Field>
        <Field id={id("region")} label={regionLabel(country)} required={country === "IN"} error={error("region")}>
          {(control) => (
            <Controller
              control={form.control}
              name="region"
              render={({ field }) => (
                <RegionInput {...control} country={country} value={field.value ?? ""} onChange={field.onChange} />
              )}
            />
          )}
        </Field>
      </div>

      <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Tax</legend>
        <Field
          id={id("taxId")}
          label={`${taxIdLabel(country || null)}`}
          hint="Leave empty when not registered."
          error={error("taxId")}
        >
          {(control) => <Input autoCapitalize="characters" spellCheck={false} {...control} {...form.register("taxId")} />}
        </Field>
        <Field id={id("taxLabel")} label="Tax label" hint="As printed on invoices: GST, VAT..." error={error("taxLabel")}>
          {(control) => <Input placeholder="GST" {...control} {...form.register("taxLabel")} />}
        </Field>
        <Field
          id={id("taxRatePercent")}
          label="Tax rate (%)"
          hint="Prices include it; 0 when not registered."
          error={error("taxRatePercent")}
        >
          {(control) => <Input inputMode="decimal" placeholder="18" {...control} {...form.register("taxRatePercent")} />}
        </Field>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={id("invoicePrefix")}
          label="Invoice prefix"
          required
          hint={
            <>
              Invoices are numbered{" "}
              <span className="font-mono text-slate-800" data-testid="invoice-preview">
                {invoiceNumber(prefix || "BP", new Date().getFullYear(), 1)}
              </span>
              , then -0002 and on, from 0001 each year.
            </>
          }
          error={error("invoicePrefix")}
        >
          {(control) => <Input autoCapitalize="characters" spellCheck={false} {...control} {...form.register("invoicePrefix")} />}
        </Field>
        <Field
          id={id("advancePercent")}
          label="Advance (% of the price)"
          required
          hint={
            advanceValid
              ? `The balance is the other ${100 - advance} %, due on delivery.`
              : "The balance, due on delivery, is the rest."
          }
          error={error("advancePercent")}
        >
          {(control) => <Input type="number" min={0} max={100} step={1} {...control} {...form.register("advancePercent")} />}
        </Field>
      </div>

      <Field
        id={id("governingLaw")}
        label="Governing law"
        required
        hint="Named in the terms and the NDA."
        error={error("governingLaw")}
      >
        {(control) => (
          <Input placeholder="the laws of India, with the courts of Bengaluru" {...control} {...form.register("governingLaw")} />
        )}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={id("signatoryName")}
          label="Signatory's name"
          required
          hint="Who signs and approves for the company."
          error={error("signatoryName")}
        >
          {(control) => <Input autoComplete="name" {...control} {...form.register("signatoryName")} />}
        </Field>
        <Field id={id("signatoryTitle")} label="Signatory's title" required error={error("signatoryTitle")}>
          {(control) => <Input placeholder="Director" {...control} {...form.register("signatoryTitle")} />}
        </Field>
      </div>

      {save.isError && <Alert variant="danger">{serverMessage(save.error, SAVE_FAILED)}</Alert>}

      <div className="flex justify-end">
        <PendingButton type="submit" pending={save.isPending}>
          {save.isPending ? "Saving..." : "Save legal details"}
        </PendingButton>
      </div>
    </form>
  );
}
