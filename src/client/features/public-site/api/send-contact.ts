// POST /api/contact: either contact form. Success is judged by the status alone; the body is not read.
import { useMutation } from "@tanstack/react-query";
import type { ContactMessageInput, ProjectInquiryInput } from "../../../../shared/schemas/contact";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest } from "../../../lib/api";

const CONTACT_TOASTS = {
  success: { title: "Message sent successfully!", description: "We'll get back to you within 24 hours." },
  failure: { title: "Error sending message", description: "Please try again or email us directly.", variant: "destructive" },
} as const;

const sendContact = (input: ContactMessageInput | ProjectInquiryInput) => apiRequest<unknown>("POST", "/api/contact", input);

/** The caller clears its form on success. */
export function useSendContact<T extends ContactMessageInput | ProjectInquiryInput>(options: { onSent: () => void }) {
  return useMutation({
    mutationFn: (input: T) => sendContact(input),
    onSuccess: () => {
      toast(CONTACT_TOASTS.success);
      options.onSent();
    },
    onError: () => toast(CONTACT_TOASTS.failure),
  });
}
