// The visitor's sign-in screen, loaded by auth-main.tsx: hydrates the pre-rendered screen (or renders it where the HTML
// has none, as under Vite's dev server). Once the code is verified, the portal is loaded and mounted in place with the
// same query cache (the user already in it), so the welcome toast stays up.
import "./lib/zod-jitless";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { returnPathAfterSignIn } from "../shared/return-path";
import { mountToasterOnDemand } from "./components/ui/toaster-on-demand";
import { SIGN_IN_ID_PREFIX, signInRoot } from "./features/auth/sign-in-root";
import type { TypedBeforeHydration } from "./lib/hydrate-on-touch";
import { createQueryClient } from "./lib/query-client";

/** Resolves once the screen has hydrated and taken back what was typed. */
export function startSignIn(element: HTMLElement, typed?: TypedBeforeHydration): Promise<void> {
  const queryClient = createQueryClient();
  let root: Root;
  async function enterPortal() {
    const { mountPortal } = await import("./portal");
    root.unmount();
    // Where the sign-in was to lead (/auth?next=…, the admin's /admin?tab=…), else home.
    window.history.replaceState(null, "", returnPathAfterSignIn(window.location));
    mountPortal(element, queryClient);
  }
  mountToasterOnDemand();
  return new Promise((resolve) => {
    const props = {
      onHome: () => window.location.assign("/"),
      onSignedIn: () => void enterPortal(),
      typedBeforeHydration: () => {
        resolve();
        return typed?.() ?? {};
      },
    };
    if (element.firstElementChild) {
      root = hydrateRoot(element, signInRoot(queryClient, props), { identifierPrefix: SIGN_IN_ID_PREFIX });
    } else {
      root = createRoot(element, { identifierPrefix: SIGN_IN_ID_PREFIX });
      root.render(signInRoot(queryClient, props));
    }
  });
}
