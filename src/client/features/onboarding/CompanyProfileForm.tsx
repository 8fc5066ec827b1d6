// The company profile form, used by the onboarding Company Setup tab and the /profile page.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { INDUSTRIES, INDUSTRY_LABELS, PROFILE_BUDGET_RANGES, PROFILE_TIMELINES } from "../../../shared/constants/lists";
import { formatPrice, PACKAGE_TYPES, PACKAGES, type PackageType } from "../../../shared/constants/packages";
import { taxIdLabel } from "../../../shared/domain/tax-ids";
import {
  PROFILE_MESSAGES,
  type Profile,
  type ProfileFormOutput,
  type ProfileFormValues,
  profileFormSchema,
  stripScheme,
  WEBSITE_PREFIX,
} from "../../../shared/schemas/profile";
import { CountrySelect, RegionInput, regionLabel } from "../../components/kit/CountryRegionFields";
import { Alert } from "../../components/ui/alert";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors } from "../../lib/form";
import { useSaveProfile } from "./api/save-profile";

const INDUSTRY_OPTIONS = INDUSTRIES.map((value) => ({ value, label: INDUSTRY_LABELS[value] }));
const PACKAGE_OPTIONS = PACKAGE_TYPES.map((value) => ({
  value,
  label: `${PACKAGES[value].name} · ${formatPrice(PACKAGES[value].prices.USD, "USD")}`,
}));

function defaultsFrom(profile: Profile | null, email: string): ProfileFormValues {
  return {
    fullName: profile?.fullName ?? "",
    jobTitle: profile?.jobTitle ?? "",
    company: profile?.company ?? "",
    companyAddress: profile?.companyAddress ?? "",
    phone: profile?.phone ?? "",
    companySize: (profile?.companySize ?? "") as ProfileFormValues["companySize"],
    industry: (profile?.industry ?? "") as ProfileFormValues["industry"],
    companyWebsite: stripScheme(profile?.companyWebsite ?? ""),
    primaryContact: profile?.primaryContact ?? email,
    packageType: profile?.packageType ?? "",
    budgetRange: profile?.budgetRange ?? "",
    timeline: profile?.timeline ?? "",
    billingName: profile?.billingName ?? "",
    billingAddress: profile?.billingAddress ?? "",
    billingCountry: profile?.billingCountry ?? "",
    billingRegion: profile?.billingRegion ?? "",
    billingTaxId: profile?.billingTaxId ?? "",
  };
}

export function CompanyProfileForm(props: {
  profile: Profile | null;
  userEmail: string;
  userName: string;
  /** The company size list to offer (onboarding's six sizes, or the setup variant's four). */
  companySizes: readonly string[];
  submitLabel: string;
  onSaved?: (profile: Profile) => void;
  /** Once a project exists it holds its own package: the profile's choice then only seeds new projects. */
  projectPackage?: { projectCode: string; packageType: PackageType } | null;
}) {
  const save = useSaveProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = defaultsFrom(props.profile, props.userEmail);
  if (!props.profile && !defaults.fullName) defaults.fullName = props.userName;
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: defaults,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;
  // A size saved from the other list variant stays selectable.
  const sizes = [...props.companySizes];
  if (props.profile?.companySize && !sizes.includes(props.profile.companySize)) sizes.push(props.profile.companySize);
  const sizeOptions = sizes.map((value) => ({ value, label: `${value} employees` }));

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (profile) => {
        toast({ title: "Profile saved", description: "Your company profile is complete." });
        props.onSaved?.(profile);
      },
      onError: (error) => {
        setServerFieldErrors(form, serverFieldErrors(error));
        setFormError(PROFILE_MESSAGES.saveFailed);
        toast({ title: "Error", description: serverMessage(error, PROFILE_MESSAGES.saveFailed), variant: "destructive" });
      },
    });
  });

  const billingCountry = form.watch("billingCountry") ?? "";
  const error = (name: keyof ProfileFormValues) => errors[name]?.message;
  const id = (name: keyof ProfileFormValues) => `profile-${name}`;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("fullName")} label="Full Name *" error={error("fullName")}>
          {(control) => <Input autoComplete="name" {...control} {...form.register("fullName")} />}
        </Field>
        <Field id={id("jobTitle")} label="Job Title *" error={error("jobTitle")}>
          {(control) => (
            <Input autoComplete="organization-title" placeholder="Founder, CTO..." {...control} {...form.register("jobTitle")} />
          )}
        </Field>
        <Field id={id("company")} label="Company Name *" error={error("company")}>
          {(control) => <Input autoComplete="organization" {...control} {...form.register("company")} />}
        </Field>
        <Field id={id("phone")} label="Phone Number *" error={error("phone")}>
          {(control) => (
            <Input type="tel" autoComplete="tel" placeholder="+1 555 010 0200" {...control} {...form.register("phone")} />
          )}
        </Field>
        <Field id={id("companySize")} label="Company Size *" error={error("companySize")}>
          {(control) => (
            <Controller
              control={form.control}
              name="companySize"
              render={({ field }) => (
                <Select
                  {...control}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={sizeOptions}
                  placeholder="Select company size"
                />
              )}
            />
          )}
        </Field>
        <Field id={id("industry")} label="Industry *" error={error("industry")}>
          {(control) => (
            <Controller
              control={form.control}
              name="industry"
              render={({ field }) => (
                <Select
                  {...control}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={INDUSTRY_OPTIONS}
                  placeholder="Select industry"
                />
              )}
            />
          )}
        </Field>
      </div>

      <Field id={id("companyAddress")} label="Company Address *" error={error("companyAddress")}>
        {(control) => <Textarea rows={3} autoComplete="street-address" {...control} {...form.register("companyAddress")} />}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("companyWebsite")} label="Company Website" error={error("companyWebsite")}>
          {(control) => (
            <div className="flex">
              <span className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">
                {WEBSITE_PREFIX}
              </span>
              <Input
                className="rounded-l-none"
                inputMode="url"
                autoComplete="url"
                placeholder="yourcompany.com"
                {...control}
                {...form.register("companyWebsite", {
                  onChange: (event) => {
                    const stripped = stripScheme(event.target.value);
                    if (stripped !== event.target.value.trim()) {
                      form.setValue("companyWebsite", stripped, { shouldValidate: form.formState.isSubmitted });
                    }
                  },
                })}
              />
            </div>
          )}
        </Field>
        <Field id={id("primaryContact")} label="Primary Contact Email *" error={error("primaryContact")}>
          {(control) => <Input type="email" autoComplete="email" {...control} {...form.register("primaryContact")} />}
        </Field>
      </div>

      <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Package and budget</legend>
        <Field
          id={id("packageType")}
          label={props.projectPackage ? "Package for new projects" : "Package"}
          hint={
            props.projectPackage
              ? `${props.projectPackage.projectCode} stays on ${PACKAGES[props.projectPackage.packageType].name}; ask the Blueprint team to change a running project's package.`
              : undefined
          }
          error={error("packageType")}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="packageType"
              render={({ field }) => (
                <Select
                  {...control}
                  value={field.value ?? ""}
                  onValueChange={field.onChange}
                  options={PACKAGE_OPTIONS}
                  placeholder="Select a package"
                />
              )}
            />
          )}
        </Field>
        <Field id={id("budgetRange")} label="Budget Range" error={error("budgetRange")}>
          {(control) => (
            <Controller
              control={form.control}
              name="budgetRange"
              render={({ field }) => (
                <Select
                  {...control}
                  value={field.value ?? ""}
                  onValueChange={field.onChange}
                  options={PROFILE_BUDGET_RANGES}
                  placeholder="Select a budget"
                />
              )}
            />
          )}
        </Field>
        <Field id={id("timeline")} label="Timeline" error={error("timeline")}>
          {(control) => (
            <Controller
              control={form.control}
              name="timeline"
              render={({ field }) => (
                <Select
                  {...control}
                  value={field.value ?? ""}
                  onValueChange={field.onChange}
                  options={PROFILE_TIMELINES}
                  placeholder="Select a timeline"
                />
              )}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Billing details (for invoices)</legend>
        <p className="-mt-2 text-sm text-slate-600">
          Optional. Proposals and invoices name the company and address above when these are left empty; fill them in when
          invoices should go to another legal entity or carry your tax ID.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id("billingName")} label="Billing name (legal entity)" error={error("billingName")}>
            {(control) => <Input autoComplete="organization" {...control} {...form.register("billingName")} />}
          </Field>
          <Field id={id("billingCountry")} label="Country" error={error("billingCountry")}>
            {(control) => (
              <Controller
                control={form.control}
                name="billingCountry"
                render={({ field }) => (
                  <CountrySelect
                    {...control}
                    optional
                    value={field.value ?? ""}
                    onChange={(code) => {
                      field.onChange(code);
                      if ((code === "IN") !== (billingCountry === "IN")) form.setValue("billingRegion", "");
                    }}
                  />
                )}
              />
            )}
          </Field>
        </div>
        <Field id={id("billingAddress")} label="Billing address" error={error("billingAddress")}>
          {(control) => <Textarea rows={3} autoComplete="street-address" {...control} {...form.register("billingAddress")} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id("billingRegion")} label={regionLabel(billingCountry)} error={error("billingRegion")}>
            {(control) => (
              <Controller
                control={form.control}
                name="billingRegion"
                render={({ field }) => (
                  <RegionInput {...control} country={billingCountry} value={field.value ?? ""} onChange={field.onChange} />
                )}
              />
            )}
          </Field>
          <Field
            id={id("billingTaxId")}
            label={`${taxIdLabel(billingCountry || null)} (optional)`}
            hint={billingCountry === "IN" ? "15 characters; its first two digits are your state's code." : undefined}
            error={error("billingTaxId")}
          >
            {(control) => (
              <Input autoCapitalize="characters" spellCheck={false} {...control} {...form.register("billingTaxId")} />
            )}
          </Field>
        </div>
      </fieldset>

      {formError && <Alert variant="danger">{formError}</Alert>}

      <div className="flex justify-end">
        <PendingButton type="submit" size="lg" pending={save.isPending}>
          {save.isPending ? "Saving..." : props.submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
