// What wraps a public page, identically when it is pre-rendered at build time and when the browser hydrates it. No
// query cache here: only the contact forms use one, and they bring it (components/form-query-provider.tsx).
import type { ComponentType } from "react";

export function PublicApp({ page: Page }: { page: ComponentType }) {
  return <Page />;
}
