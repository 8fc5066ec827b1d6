// A path that does not exist, or is not for this account (a customer at the console, an admin at a customer page):
// a plain page with the way home, and the sign-in for a visitor.
import { AlertCircle } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent } from "../ui/card";

export const NOT_FOUND_TEXT = {
  heading: "404 Page Not Found",
  body: "This page doesn't exist or isn't available to your account",
} as const;

const LINK = "text-sm font-semibold text-brand-700 underline-offset-4 hover:underline";

export function NotFoundPage({ visitor = false }: { visitor?: boolean }) {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-slate-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">{NOT_FOUND_TEXT.heading}</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">{NOT_FOUND_TEXT.body}</p>
          <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/" className={LINK}>
              Go to the home page
            </Link>
            {visitor && (
              <Link to="/auth" className={LINK}>
                Sign in
              </Link>
            )}
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
