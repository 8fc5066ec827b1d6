// What both contact forms share: the form state, sending, server field errors shown beside their fields, and ids.
import { useId, useLayoutEffect } from "react";
import { type DefaultValues, type Path, type PathValue, useForm } from "react-hook-form";
import type { ContactMessageInput, ProjectInquiryInput } from "../../../../shared/schemas/contact";
import { serverFieldErrors } from "../../../lib/api";
import type { TypedBeforeHydration } from "../../../lib/hydrate-on-touch";
import type { LazyResolver } from "../../../lib/lazy-resolver";
import { useSendContact } from "../api/send-contact";

export function useContactForm<T extends ContactMessageInput | ProjectInquiryInput>(
  empty: T,
  resolver: LazyResolver<T>,
  typedBeforeHydration?: TypedBeforeHydration,
) {
  const uid = useId();
  const form = useForm<T>({
    resolver,
    defaultValues: empty as DefaultValues<T>,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  // Registering the fields wrote the empty defaults into them; what was typed goes back before the browser paints.
  useLayoutEffect(() => {
    if (!typedBeforeHydration) return;
    for (const [field, value] of Object.entries(typedBeforeHydration())) {
      if (field in empty && value) form.setValue(field as Path<T>, value as PathValue<T, Path<T>>);
    }
  }, [form, empty, typedBeforeHydration]);
  const send = useSendContact<T>({ onSent: () => form.reset(empty) });
  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onError: (error) => {
        for (const [field, message] of Object.entries(serverFieldErrors(error))) {
          if (field in empty) form.setError(field as Path<T>, { message });
        }
      },
    }),
  );
  return { form, send, submit, id: (name: string) => `${uid}-${name}` };
}
