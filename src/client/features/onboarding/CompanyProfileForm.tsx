// The company profile form (part 1 §3, §5), used by the onboarding Company Setup tab and the /profile page.
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { INDUSTRIES, INDUSTRY_LABELS, PROFILE_BUDGET_RANGES, PROFILE_TIMELINES } from "../../../shared/constants/lists";
import { formatPrice, PACKAGE_TYPES, PACKAGES } from "../../../shared/constants/packages";
import {
  PROFILE_MESSAGES,
  type Profile,
  type ProfileFormOutput,
  type ProfileFormValues,
  profileFormSchema,
  stripScheme,
  WEBSITE_PREFIX,
} from "../../../shared/schemas/profile";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input, Textarea } from "../../components/ui/input";
import { FieldMessage, Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
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
        for (const [field, message] of Object.entries(serverFieldErrors(error))) {
          if (field in defaults) form.setError(field as FieldPath<ProfileFormValues>, { message });
        }
        setFormError(PROFILE_MESSAGES.saveFailed);
        toast({ title: "Error", description: serverMessage(error, PROFILE_MESSAGES.saveFailed), variant: "destructive" });
      },
    });
  });

  const field = (name: FieldPath<ProfileFormValues>) => ({
    id: `profile-${name}`,
    "aria-invalid": errors[name as keyof typeof errors] ? true : undefined,
    "aria-describedby": errors[name as keyof typeof errors] ? `profile-${name}-error` : undefined,
  });
  const selectField = (name: FieldPath<ProfileFormValues>) => ({
    id: `profile-${name}`,
    "aria-describedby": errors[name as keyof typeof errors] ? `profile-${name}-error` : undefined,
  });
  const message = (name: keyof typeof errors) => (
    <FieldMessage id={`profile-${name}-error`} message={errors[name]?.message as string | undefined} />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="profile-fullName">Full Name *</Label>
          <Input autoComplete="name" {...field("fullName")} {...form.register("fullName")} />
          {message("fullName")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-jobTitle">Job Title *</Label>
          <Input
            autoComplete="organization-title"
            placeholder="Founder, CTO..."
            {...field("jobTitle")}
            {...form.register("jobTitle")}
          />
          {message("jobTitle")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-company">Company Name *</Label>
          <Input autoComplete="organization" {...field("company")} {...form.register("company")} />
          {message("company")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-phone">Phone Number *</Label>
          <Input type="tel" autoComplete="tel" placeholder="+1 555 010 0200" {...field("phone")} {...form.register("phone")} />
          {message("phone")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-companySize">Company Size *</Label>
          <Controller
            control={form.control}
            name="companySize"
            render={({ field: f }) => (
              <Select
                {...selectField("companySize")}
                invalid={Boolean(errors.companySize)}
                value={f.value}
                onValueChange={f.onChange}
                options={sizeOptions}
                placeholder="Select company size"
              />
            )}
          />
          {message("companySize")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-industry">Industry *</Label>
          <Controller
            control={form.control}
            name="industry"
            render={({ field: f }) => (
              <Select
                {...selectField("industry")}
                invalid={Boolean(errors.industry)}
                value={f.value}
                onValueChange={f.onChange}
                options={INDUSTRY_OPTIONS}
                placeholder="Select industry"
              />
            )}
          />
          {message("industry")}
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="profile-companyAddress">Company Address *</Label>
        <Textarea rows={3} autoComplete="street-address" {...field("companyAddress")} {...form.register("companyAddress")} />
        {message("companyAddress")}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="profile-companyWebsite">Company Website</Label>
          <div className="flex">
            <span className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">
              {WEBSITE_PREFIX}
            </span>
            <Input
              className="rounded-l-none"
              inputMode="url"
              autoComplete="url"
              placeholder="yourcompany.com"
              {...field("companyWebsite")}
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
          {message("companyWebsite")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-primaryContact">Primary Contact Email *</Label>
          <Input type="email" autoComplete="email" {...field("primaryContact")} {...form.register("primaryContact")} />
          {message("primaryContact")}
        </div>
      </div>

      <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Package and budget</legend>
        <div className="grid gap-2">
          <Label htmlFor="profile-packageType">Package</Label>
          <Controller
            control={form.control}
            name="packageType"
            render={({ field: f }) => (
              <Select
                {...selectField("packageType")}
                value={f.value ?? ""}
                onValueChange={f.onChange}
                options={PACKAGE_OPTIONS}
                placeholder="Select a package"
              />
            )}
          />
          {message("packageType")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-budgetRange">Budget Range</Label>
          <Controller
            control={form.control}
            name="budgetRange"
            render={({ field: f }) => (
              <Select
                {...selectField("budgetRange")}
                value={f.value ?? ""}
                onValueChange={f.onChange}
                options={PROFILE_BUDGET_RANGES}
                placeholder="Select a budget"
              />
            )}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-timeline">Timeline</Label>
          <Controller
            control={form.control}
            name="timeline"
            render={({ field: f }) => (
              <Select
                {...selectField("timeline")}
                value={f.value ?? ""}
                onValueChange={f.onChange}
                options={PROFILE_TIMELINES}
                placeholder="Select a timeline"
              />
            )}
          />
        </div>
      </fieldset>

      {formError && <Alert variant="danger">{formError}</Alert>}

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {save.isPending ? "Saving..." : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
