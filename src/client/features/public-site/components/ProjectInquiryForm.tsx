// The Contact page's long form: name, email, company, phone, project type, budget, timeline, message.
import { Send } from "lucide-react";
import { CONTACT_BUDGETS, CONTACT_PROJECT_TYPES, CONTACT_TIMELINES } from "../../../../shared/constants/lists";
import type { ProjectInquiryInput } from "../../../../shared/schemas/contact";
import { Field } from "../../../components/ui/field";
import { buttonVariants } from "../../../components/ui/variants";
import type { TypedBeforeHydration } from "../../../lib/hydrate-on-touch";
import { lazyResolver } from "../../../lib/lazy-resolver";
import { Honeypot, NativeSelect, PUBLIC_FIELD_CLASS, SubmitLabel, TextArea, TextInput } from "./form-parts";
import { NameEmailFields } from "./NameEmailFields";
import { useContactForm } from "./use-contact-form";

const resolver = lazyResolver(() => import("../contact-resolvers").then((m) => m.projectInquiryResolver));

const EMPTY: ProjectInquiryInput = {
  name: "",
  email: "",
  company: "",
  phone: "",
  projectType: "",
  budget: "",
  timeline: "",
  message: "",
  website: "",
};

export function ProjectInquiryForm({ typedBeforeHydration }: { typedBeforeHydration?: TypedBeforeHydration }) {
  const { form, send, submit, id } = useContactForm(EMPTY, resolver, typedBeforeHydration);
  const errors = form.formState.errors;
  const [name, email, message] = form.watch(["name", "email", "message"]);
  const disabled = send.isPending || !name?.trim() || !email?.trim() || !message?.trim();

  return (
    <form
      noValidate
      onFocus={resolver.preload}
      aria-labelledby={id("title")}
      className="relative grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      onSubmit={submit}
    >
      <div>
        <h2 id={id("title")} className="text-2xl font-semibold text-slate-950">
          Tell us about your project
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Fields marked * are required. New project inquiries hear back within 2 hours.
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <NameEmailFields form={form} id={id} />
        <Field id={id("company")} label="Company" error={errors.company?.message} className={PUBLIC_FIELD_CLASS}>
          {(control) => <TextInput autoComplete="organization" {...control} {...form.register("company")} />}
        </Field>
        <Field id={id("phone")} label="Phone" error={errors.phone?.message} className={PUBLIC_FIELD_CLASS}>
          {(control) => <TextInput type="tel" autoComplete="tel" {...control} {...form.register("phone")} />}
        </Field>
        <Field id={id("projectType")} label="Project type" error={errors.projectType?.message} className={PUBLIC_FIELD_CLASS}>
          {(control) => (
            <NativeSelect
              options={CONTACT_PROJECT_TYPES}
              placeholder="Select a project type"
              {...control}
              {...form.register("projectType")}
            />
          )}
        </Field>
        <Field id={id("budget")} label="Budget" error={errors.budget?.message} className={PUBLIC_FIELD_CLASS}>
          {(control) => (
            <NativeSelect options={CONTACT_BUDGETS} placeholder="Select a budget" {...control} {...form.register("budget")} />
          )}
        </Field>
        <Field id={id("timeline")} label="Timeline" error={errors.timeline?.message} className={PUBLIC_FIELD_CLASS}>
          {(control) => (
            <NativeSelect
              options={CONTACT_TIMELINES}
              placeholder="Select a timeline"
              {...control}
              {...form.register("timeline")}
            />
          )}
        </Field>
      </div>
      <Field id={id("message")} label="Message" required error={errors.message?.message} className={PUBLIC_FIELD_CLASS}>
        {(control) => (
          <TextArea
            rows={6}
            placeholder="What should your software do, and for whom?"
            {...control}
            {...form.register("message")}
          />
        )}
      </Field>
      <Honeypot {...form.register("website")} />
      <button type="submit" disabled={disabled} className={`${buttonVariants({ size: "lg" })} sm:justify-self-start`}>
        <SubmitLabel sending={send.isPending} icon={<Send aria-hidden="true" />} />
      </button>
    </form>
  );
}
