// The portal: router and query cache around the route table's pages. main.tsx mounts it on load; the
// visitor's sign-in entry (auth-main.tsx) mounts it in place once the user has signed in. Toasts come from the
// on-demand toaster that each entry starts (components/ui/toaster-on-demand.tsx).
import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./router";

export function mountPortal(element: HTMLElement, queryClient: QueryClient): void {
  const root = createRoot(element);
  // As a transition the first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole frame, sidebar and page at once (on a slow phone: one long task of a few hundred milliseconds).
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
