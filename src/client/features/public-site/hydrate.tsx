// Hydrates a pre-rendered public page. Loaded by public-main.tsx once the page has painted.
import { type ComponentType, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { mountToasterOnDemand } from "../../components/ui/toaster-on-demand";
import { PublicApp } from "./PublicApp";

export function hydratePublicPage(root: HTMLElement, page: ComponentType): void {
  // As a transition, React hydrates in slices and yields to the browser between them: no long task blocks input.
  startTransition(() => {
    hydrateRoot(root, <PublicApp page={page} />);
  });
  mountToasterOnDemand();
}
