// A part of a pre-rendered public page whose code loads only when it is about to scroll into view (or is touched):
// until then React leaves its server HTML in place, because a boundary that suspends while hydrating stays as it was
// rendered. The build's pre-render loads every part first (preloadDeferredParts), so the HTML has them in full.
import { type ComponentType, lazy, Suspense } from "react";

/** How far below the viewport a part starts loading: a scroll or a jump to it finds it ready. */
const LOAD_MARGIN = "800px 0px";
const TOUCH_EVENTS = ["focusin", "pointerdown", "touchstart"] as const;

const preloads: Array<() => Promise<void>> = [];

/** Loads every deferred part's code, so that a server render has them all. */
export async function preloadDeferredParts(): Promise<void> {
  await Promise.all(preloads.map((preload) => preload()));
}

/** Resolves once the part's server HTML nears the viewport or is touched (at once when it is not on the page). */
function whenNeeded(key: string): Promise<void> {
  const element = document.querySelector(`[data-deferred-part="${key}"]`);
  if (!element || !("IntersectionObserver" in window)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
      rootMargin: LOAD_MARGIN,
    });
    function done() {
      observer.disconnect();
      for (const type of TOUCH_EVENTS) element?.removeEventListener(type, done);
      resolve();
    }
    observer.observe(element);
    for (const type of TOUCH_EVENTS) element.addEventListener(type, done, { passive: true });
  });
}

export function deferredPart<P extends object>(key: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  preloads.push(async () => {
    loaded = await load();
  });
  const Lazy = lazy(async () => {
    if (typeof document !== "undefined") await whenNeeded(key);
    return { default: await load() };
  });
  function DeferredPart(props: P) {
    const Part = loaded ?? Lazy;
    return (
      <div data-deferred-part={key}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }
  return DeferredPart;
}
