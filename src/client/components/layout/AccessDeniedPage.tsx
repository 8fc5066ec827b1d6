// A signed-in customer at the console's addresses (/company, /admin, /company-dashboard): 'Access Denied' with the way
// to sign in as an admin (signing this account out first, then back to the console). Nothing of the console is loaded
// or fetched.
import { Loader2, ShieldAlert } from "lucide-react";
import { Link, useLocation } from "react-router";
import { signInPath } from "../../../shared/return-path";
import { useLogout } from "../../features/auth/api/logout";
import { Button, buttonVariants } from "../ui/button";
import { Card, CardContent } from "../ui/card";

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
    <main className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <ShieldAlert className="size-8 shrink-0 text-red-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">{ACCESS_DENIED_TEXT.heading}</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">{ACCESS_DENIED_TEXT.body}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button onClick={() => logout.mutate()} disabled={logout.isPending}>
              {logout.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {ACCESS_DENIED_TEXT.button}
            </Button>
            <Link to="/" className={buttonVariants({ variant: "outline" })}>
              Go to the home page
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
