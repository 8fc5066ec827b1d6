// Every portal form: react-hook-form with the shared zod schema, and the server's field errors shown beside the fields.
import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * Puts the server's per-field messages (`{ field: message }` from a 400 answer) on the form's fields through
 * `setError`, so they show in each Field like the form's own rules; fields the form does not have are skipped.
 * Returns how many were shown.
 */
export function setServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError" | "getValues">,
  fields: Record<string, string>,
): number {
  const known = form.getValues();
  let shown = 0;
  for (const [field, message] of Object.entries(fields)) {
    if (!(field in known)) continue;
    form.setError(field as FieldPath<T>, { type: "server", message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
}

/**
 * react-hook-form checked by a shared zod schema (the one the server parses the body with): values are the schema's
 * input, the submit handler gets its output. Rules run on submit, then again on every change.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
}
