// The visitor's /auth as one React root, the same at build time (pre-rendered into auth.html) and when the browser
// hydrates it (auth-sign-in.tsx): the ids carry their own prefix so that both sides name them alike.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { SignInScreen, type SignInScreenProps } from "./SignInScreen";

export const SIGN_IN_ID_PREFIX = "sign-in-";

export function signInRoot(queryClient: QueryClient, props: SignInScreenProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SignInScreen {...props} />
      </QueryClientProvider>
    </StrictMode>
  );
}
