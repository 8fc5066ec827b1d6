// Messages that come from outside the form's own schema (the server's field errors) shown beside the fields.
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

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
