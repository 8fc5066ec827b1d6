// The query cache of the public pages' contact forms (sending is a TanStack mutation). It is created with the first form
// that renders, so pages without a form never load TanStack Query.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "../../../lib/query-client";

let client: QueryClient | null = null;

export function FormQueryProvider({ children }: { children: ReactNode }) {
  client ??= createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
