// The contact form island: React, react-hook-form and the form's code load on the visitor's first touch of the form
// (focus, pointer, key), not with the page. What is typed meanwhile is kept and handed to the form once it runs, and a
// submit made before then waits for it.
const FIRST_TOUCH = ["focusin", "pointerdown", "keydown", "input"] as const;

export function contactFormIsland(element: HTMLElement): void {
  const kind = element.dataset.form === "inquiry" ? "inquiry" : "message";
  const typed: Record<string, string> = {};
  let hydrated = false;
  let submitWaiting = false;

  const remember = (event: Event) => {
    const field = event.target as HTMLInputElement;
    if (field.name) typed[field.name] = field.value;
  };
  const holdSubmit = (event: Event) => {
    if (hydrated) return;
    event.preventDefault();
    submitWaiting = true;
  };
  element.addEventListener("input", remember, true);
  element.addEventListener("change", remember, true);
  element.addEventListener("submit", holdSubmit, true);

  const start = () => {
    for (const type of FIRST_TOUCH) element.removeEventListener(type, start, true);
    import("./contact-form-hydrate")
      .then(({ hydrateContactForm }) => hydrateContactForm(element, kind, () => ({ ...typed })))
      .then(() => {
        hydrated = true;
        element.removeEventListener("input", remember, true);
        element.removeEventListener("change", remember, true);
        if (submitWaiting) element.querySelector("form")?.requestSubmit();
      });
  };
  for (const type of FIRST_TOUCH) element.addEventListener(type, start, { capture: true, passive: true });
}
