// Loaded on the first touch of a contact form: hydrates the form's own React root (rendered alone by the build).
import "../../../lib/zod-jitless";
import { hydrateRoot } from "react-dom/client";
import { mountToasterOnDemand } from "../../../components/ui/toaster-on-demand";
import type { TypedBeforeHydration } from "../../../lib/hydrate-on-touch";
import { CONTACT_FORM_ID_PREFIX, type ContactFormKind, contactForm } from "../components/contact-form-island";

/** Resolves once the form has hydrated and taken back what was typed (its layout effect asked for it). */
export function hydrateContactForm(element: HTMLElement, kind: ContactFormKind, typed: TypedBeforeHydration): Promise<void> {
  mountToasterOnDemand();
  return new Promise((resolve) => {
    const typedOnce: TypedBeforeHydration = () => {
      resolve();
      return typed();
    };
    hydrateRoot(element, contactForm(kind, typedOnce), { identifierPrefix: CONTACT_FORM_ID_PREFIX });
  });
}
