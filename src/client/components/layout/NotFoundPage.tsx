// A path that does not exist, or is not for this account (a customer at the console, an admin at a customer page):
// a plain page with the way home, and the sign-in for a visitor.
import { AlertCircle } from "lucide-react";
import { Link } from "react-router";
import { StatusPage } from "./StatusPage";

export const NOT_FOUND_TEXT = {
  heading: "404 Page Not Found",
  body: "This page doesn't exist or isn't available to your account",
} as const;

const LINK = "text-sm font-semibold text-brand-700 underline-offset-4 hover:underline";

export function NotFoundPage({ visitor = false }: { visitor?: boolean }) {
  return (
    <StatusPage icon={AlertCircle} tone="muted" text={NOT_FOUND_TEXT} actions="links">
      <Link to="/" className={LINK}>
        Go to the home page
      </Link>
      {visitor && (
        <Link to="/auth" className={LINK}>
          Sign in
        </Link>
      )}
    </StatusPage>
  );
}
