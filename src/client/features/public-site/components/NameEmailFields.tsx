// The two required fields both contact forms open with: Name* and Email*.
import type { FieldErrors, Path, UseFormReturn } from "react-hook-form";
import { Field } from "../../../components/ui/field";
import { PUBLIC_FIELD_CLASS, TextInput } from "./form-parts";

type Identity = { name: string; email: string };

export function NameEmailFields<T extends Identity>({ form, id }: { form: UseFormReturn<T>; id: (name: string) => string }) {
  const errors = form.formState.errors as FieldErrors<Identity>;
  return (
    <>
      <Field id={id("name")} label="Name" required error={errors.name?.message} className={PUBLIC_FIELD_CLASS}>
        {(control) => <TextInput autoComplete="name" {...control} {...form.register("name" as Path<T>)} />}
      </Field>
      <Field id={id("email")} label="Email" required error={errors.email?.message} className={PUBLIC_FIELD_CLASS}>
        {(control) => (
          <TextInput
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...control}
            {...form.register("email" as Path<T>)}
          />
        )}
      </Field>
    </>
  );
}
