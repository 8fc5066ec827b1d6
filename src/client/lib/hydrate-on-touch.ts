// A pre-rendered React root whose code loads on the visitor's first touch (focus, pointer, key) instead of with the
// page. Until it has hydrated, what is typed into its fields is recorded (handed to `hydrate`, whose form puts it back),
// a submit waits and is made again once it runs, and a click on one of its buttons is replayed.
export type TypedBeforeHydration = () => Record<string, string>;

const FIRST_TOUCH = ["focusin", "pointerdown", "keydown", "input"] as const;

/** `hydrate` resolves once the root has hydrated and taken what was typed (it calls the function it was given). */
export function hydrateOnTouch(element: HTMLElement, hydrate: (typed: TypedBeforeHydration) => Promise<void>): void {
  const typed: Record<string, string> = {};
  let hydrated = false;
  let waitingSubmit: HTMLFormElement | null = null;
  let waitingClick: HTMLElement | null = null;

  const remember = (event: Event) => {
    const field = event.target as HTMLInputElement;
    if (field.name) typed[field.name] = field.value;
  };
  const holdSubmit = (event: Event) => {
    if (hydrated) return;
    event.preventDefault();
    waitingSubmit = event.target as HTMLFormElement;
  };
  const holdClick = (event: Event) => {
    const button = (event.target as Element).closest<HTMLElement>("button[type=button]");
    if (!hydrated && button) waitingClick = button;
  };
  element.addEventListener("input", remember, true);
  element.addEventListener("change", remember, true);
  element.addEventListener("submit", holdSubmit, true);
  element.addEventListener("click", holdClick, true);

  const start = () => {
    for (const type of FIRST_TOUCH) element.removeEventListener(type, start, true);
    hydrate(() => ({ ...typed })).then(() => {
      hydrated = true;
      element.removeEventListener("input", remember, true);
      element.removeEventListener("change", remember, true);
      element.removeEventListener("click", holdClick, true);
      // After React's commit, so the replayed events reach its handlers.
      setTimeout(() => {
        if (waitingSubmit?.isConnected) waitingSubmit.requestSubmit();
        else if (waitingClick?.isConnected) waitingClick.click();
      }, 0);
    });
  };
  for (const type of FIRST_TOUCH) element.addEventListener(type, start, { capture: true, passive: true });
}
