// The portal: router, query cache, tooltips and toasts around the route table's pages. main.tsx mounts it on load;
// the visitor's sign-in entry (auth-main.tsx) mounts it in place once the user has signed in.
import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { AppRoutes } from "./router";

export function mountPortal(element: HTMLElement, queryClient: QueryClient, options: { toaster: boolean }): void {
  createRoot(element).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          {options.toaster && <Toaster />}
        </TooltipProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
