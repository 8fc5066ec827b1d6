// A contact form as an island of a pre-rendered page: the build renders it as a React root of its own inside
// `data-island="contact-form"`, and the browser hydrates that root alone on the visitor's first touch
// (islands/contact-form.ts); the rest of the page stays plain HTML. In the portal's own rendering it is just the form.
import type { ReactElement } from "react";
import type { TypedBeforeHydration } from "../../../lib/hydrate-on-touch";
import { ContactMessageForm } from "./ContactMessageForm";
import { ProjectInquiryForm } from "./ProjectInquiryForm";

export type ContactFormKind = "message" | "inquiry";

/** The island's ids start with this on the server and in the browser alike (they must match for hydration). */
export const CONTACT_FORM_ID_PREFIX = "contact-form-";

export function contactForm(kind: ContactFormKind, typedBeforeHydration?: TypedBeforeHydration): ReactElement {
  return kind === "message" ? (
    <ContactMessageForm typedBeforeHydration={typedBeforeHydration} />
  ) : (
    <ProjectInquiryForm typedBeforeHydration={typedBeforeHydration} />
  );
}

let renderIsland: ((element: ReactElement) => string) | null = null;

/** The pre-render gives the server renderer here, so this module stays free of react-dom/server in the browser. */
export function renderIslandsWith(render: (element: ReactElement) => string): void {
  renderIsland = render;
}

export function ContactFormIsland({ form }: { form: ContactFormKind }) {
  if (renderIsland) {
    const html = renderIsland(contactForm(form));
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server rendering of the island's root
      <div data-island="contact-form" data-form={form} dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  return (
    <div data-island="contact-form" data-form={form}>
      {contactForm(form)}
    </div>
  );
}
