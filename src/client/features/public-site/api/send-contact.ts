// POST /api/contact: either contact form. Success is judged by the status alone; the body is not read.
// Plain state, no query library: the public pages load none.
import { useState } from "react";
import type { ContactMessageInput, ProjectInquiryInput } from "../../../../shared/schemas/contact";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

const CONTACT_TOASTS = {
  success: { title: "Message sent successfully!", description: "We'll get back to you within 24 hours." },
  failure: { title: "Error sending message", description: "Please try again or email us directly.", variant: "destructive" },
} as const;

const sendContact = (input: ContactMessageInput | ProjectInquiryInput) => apiRequest<unknown>("POST", API.contact.path(), input);

/** The caller clears its form on success. */
export function useSendContact<T extends ContactMessageInput | ProjectInquiryInput>(options: { onSent: () => void }) {
  const [isPending, setPending] = useState(false);
  const mutate = (input: T, handlers: { onError?: (error: unknown) => void } = {}) => {
    setPending(true);
    sendContact(input)
      .then(() => {
        toast(CONTACT_TOASTS.success);
        options.onSent();
      })
      .catch((error: unknown) => {
        toast(CONTACT_TOASTS.failure);
        handlers.onError?.(error);
      })
      .finally(() => setPending(false));
  };
  return { isPending, mutate };
}
