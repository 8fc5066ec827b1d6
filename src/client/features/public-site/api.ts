// The public site's calls: sending either contact form, and asking whether the visitor is signed in.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ContactMessageInput, ProjectInquiryInput } from "../../../shared/schemas/contact";
import { toast } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api";

export const CONTACT_TOASTS = {
  success: { title: "Message sent successfully!", description: "We'll get back to you within 24 hours." },
  failure: { title: "Error sending message", description: "Please try again or email us directly.", variant: "destructive" },
} as const;

/** POST /api/contact. Success is judged by the status alone (part 1 §7); the caller clears its form on success. */
export function useSendContact<T extends ContactMessageInput | ProjectInquiryInput>(options: { onSent: () => void }) {
  return useMutation({
    mutationFn: (input: T) => apiRequest("POST", "/api/contact", input),
    onSuccess: () => {
      toast(CONTACT_TOASTS.success);
      options.onSent();
    },
    onError: () => toast(CONTACT_TOASTS.failure),
  });
}

/** Whether the visitor has a session: null until known. Only the Contact page asks (for its support button). */
export function useSignedIn(): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    apiRequest<{ signedIn: boolean }>("GET", "/api/session")
      .then((reply) => active && setSignedIn(reply.signedIn))
      .catch(() => active && setSignedIn(false));
    return () => {
      active = false;
    };
  }, []);
  return signedIn;
}
