// 'No project found' as an inline warning with the way out (a project opens once the profile is complete and the NDA
// signed); each page says in `message` what it needs the project for. (NoProjectFound is the full-card screen Communications and Meeting Requests show instead.)
import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

export function NoProjectAlert({ message }: { message: string }) {
  return (
    <Alert variant="warning" role="alert">
      <AlertTriangle aria-hidden="true" />
      <div className="grid gap-2">
        <p className="font-semibold">No project found</p>
        <p>{message}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to="/onboarding">Complete profile and NDA</Link>
          </Button>
        </div>
      </div>
    </Alert>
  );
}
