// A signed-in customer at the console's addresses (/company, /admin, /company-dashboard): 'Access Denied' with the way
// to sign in as an admin (signing this account out first, then back to the console). Nothing of the console is loaded
// or fetched.
import { ShieldAlert } from "lucide-react";
import { Link, useLocation } from "react-router";
import { signInPath } from "../../../shared/return-path";
import { useLogout } from "../../features/auth/api/logout";
import { buttonVariants } from "../ui/button";
import { PendingButton } from "../ui/pending-button";
import { StatusPage } from "./StatusPage";

export const ACCESS_DENIED_TEXT = {
  heading: "Access Denied",
  body: "The company dashboard is only for the Blueprint team. Sign in with an admin account to open it.",
  button: "Login as Admin",
} as const;

export function AccessDeniedPage() {
  const { pathname } = useLocation();
  // A fresh page load once signed out: the sign-in screen, with this console address as the way back.
  const logout = useLogout({ onSettled: () => window.location.assign(signInPath(pathname)) });
  return (
    <StatusPage icon={ShieldAlert} tone="danger" text={ACCESS_DENIED_TEXT} actions="buttons">
      <PendingButton onClick={() => logout.mutate()} pending={logout.isPending}>
        {ACCESS_DENIED_TEXT.button}
      </PendingButton>
      <Link to="/" className={buttonVariants({ variant: "outline" })}>
        Go to the home page
      </Link>
    </StatusPage>
  );
}
