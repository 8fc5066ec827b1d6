// The list item a link names (`?item=<id>`, `?request=<id>`: the bell and the emails link there, shared/item-links.ts):
// once it is on screen it is scrolled to the middle and focused, once per link. Lists mark their items with
// `linkedItemProps(id, linked)`.
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { cn } from "./cn";

const ATTRIBUTE = "data-linked-id";

/** The id the page's address names in `param`, after bringing that item into view when it renders. */
export function useLinkedItem(param: "item" | "request"): string | null {
  const [params] = useSearchParams();
  const id = params.get(param);
  useEffect(() => {
    if (!id) return;
    const reveal = () => {
      const element = document.querySelector<HTMLElement>(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
      if (!element) return false;
      element.scrollIntoView({ block: "center" });
      element.focus({ preventScroll: true });
      return true;
    };
    if (reveal()) return;
    // The list is still loading: wait for the item to render.
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [id]);
  return id;
}

/** A list item's marker and its highlight while the address names it. */
export function linkedItemProps(id: string, linked: string | null, className?: string) {
  return {
    [ATTRIBUTE]: id,
    tabIndex: -1,
    "aria-current": id === linked ? ("true" as const) : undefined,
    className: cn(className, id === linked && "rounded-lg ring-2 ring-brand-500 ring-offset-2 outline-none"),
  };
}
