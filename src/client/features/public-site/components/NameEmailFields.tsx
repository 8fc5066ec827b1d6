// The two required fields both contact forms open with: Name* and Email*.
import type { FieldErrors, Path, UseFormReturn } from "react-hook-form";
import { describedBy, Field, TextInput } from "./form-parts";

type Identity = { name: string; email: string };

export function NameEmailFields<T extends Identity>({ form, id }: { form: UseFormReturn<T>; id: (name: string) => string }) {
  const errors = form.formState.errors as FieldErrors<Identity>;
  return (
    <>
      <Field id={id("name")} label="Name" required error={errors.name?.message}>
        <TextInput
          id={id("name")}
          autoComplete="name"
          {...describedBy(id("name"), errors.name?.message)}
          {...form.register("name" as Path<T>)}
        />
      </Field>
      <Field id={id("email")} label="Email" required error={errors.email?.message}>
        <TextInput
          id={id("email")}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...describedBy(id("email"), errors.email?.message)}
          {...form.register("email" as Path<T>)}
        />
      </Field>
    </>
  );
}
