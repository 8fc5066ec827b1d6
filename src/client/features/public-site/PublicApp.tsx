// What wraps a public page, identically when it is pre-rendered at build time and when the browser hydrates it.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";

export function PublicApp({ page: Page, queryClient }: { page: ComponentType; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>
  );
}
