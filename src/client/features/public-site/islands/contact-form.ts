// The contact form island: React, react-hook-form and the form's code load on the visitor's first touch of the form,
// not with the page (lib/hydrate-on-touch.ts keeps what is typed meanwhile and holds a submit).
import { hydrateOnTouch } from "../../../lib/hydrate-on-touch";

export function contactFormIsland(element: HTMLElement): void {
  const kind = element.dataset.form === "inquiry" ? "inquiry" : "message";
  hydrateOnTouch(element, (typed) =>
    import("./contact-form-hydrate").then(({ hydrateContactForm }) => hydrateContactForm(element, kind, typed)),
  );
}
