// The 'Send Us a Message' card: name*, email*, mobile, country (fixed list), remarks (4 rows).
import { Send } from "lucide-react";
import { COUNTRIES } from "../../../../shared/constants/lists";
import type { ContactMessageInput } from "../../../../shared/schemas/contact";
import { Field } from "../../../components/ui/field";
import { buttonVariants } from "../../../components/ui/variants";
import type { TypedBeforeHydration } from "../../../lib/hydrate-on-touch";
import { lazyResolver } from "../../../lib/lazy-resolver";
import { Honeypot, NativeSelect, PUBLIC_FIELD_CLASS, SubmitLabel, TextArea, TextInput } from "./form-parts";
import { NameEmailFields } from "./NameEmailFields";
import { useContactForm } from "./use-contact-form";

const resolver = lazyResolver(() => import("../contact-resolvers").then((m) => m.contactMessageResolver));

const EMPTY: ContactMessageInput = { name: "", email: "", mobile: "", country: "", remarks: "", website: "" };

export function ContactMessageForm({ typedBeforeHydration }: { typedBeforeHydration?: TypedBeforeHydration }) {
  const { form, send, submit, id } = useContactForm(EMPTY, resolver, typedBeforeHydration);
  const errors = form.formState.errors;
  const [name, email] = form.watch(["name", "email"]);
  const disabled = send.isPending || !name?.trim() || !email?.trim();

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 className="text-xl font-semibold text-slate-950">Send Us a Message</h3>
      <p className="mt-1 text-sm text-slate-600">We'll get back to you within 24 hours.</p>
      <form noValidate onFocus={resolver.preload} className="relative mt-6 grid gap-4" onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <NameEmailFields form={form} id={id} />
          <Field id={id("mobile")} label="Mobile" error={errors.mobile?.message} className={PUBLIC_FIELD_CLASS}>
            {(control) => <TextInput type="tel" autoComplete="tel" {...control} {...form.register("mobile")} />}
          </Field>
          <Field id={id("country")} label="Country" error={errors.country?.message} className={PUBLIC_FIELD_CLASS}>
            {(control) => (
              <NativeSelect
                options={COUNTRIES}
                placeholder="Select your country"
                autoComplete="country-name"
                {...control}
                {...form.register("country")}
              />
            )}
          </Field>
        </div>
        <Field id={id("remarks")} label="Remarks" error={errors.remarks?.message} className={PUBLIC_FIELD_CLASS}>
          {(control) => <TextArea rows={4} placeholder="Tell us about your idea" {...control} {...form.register("remarks")} />}
        </Field>
        <Honeypot {...form.register("website")} />
        <button type="submit" disabled={disabled} className={`${buttonVariants({ size: "lg" })}`}>
          <SubmitLabel sending={send.isPending} icon={<Send aria-hidden="true" />} />
        </button>
      </form>
    </div>
  );
}
