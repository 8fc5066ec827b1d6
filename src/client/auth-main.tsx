// A visitor's /auth and /admin (auth.html, chosen by the server when there is no valid session): React, the sign-in
// screen and its two API calls, without the router, the portal or the toaster. Once the code is verified, the portal
// is loaded and mounted in place with the same query cache (the user already in it), so the welcome toast stays up.
import "./styles.css";
import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { mountToasterOnDemand } from "./components/ui/toaster-on-demand";
import { SignInScreen } from "./features/auth/SignInScreen";
import { createQueryClient } from "./lib/query-client";

const element = document.getElementById("root");
if (!element) throw new Error("#root is missing");
const queryClient = createQueryClient();
const root = createRoot(element);

async function enterPortal(container: HTMLElement) {
  const { mountPortal } = await import("./portal");
  root.unmount();
  window.history.replaceState(null, "", "/");
  mountPortal(container, queryClient);
}

mountToasterOnDemand();
root.render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SignInScreen onHome={() => window.location.assign("/")} onSignedIn={() => void enterPortal(element)} />
    </QueryClientProvider>
  </StrictMode>,
);
