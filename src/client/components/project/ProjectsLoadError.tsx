// The customer's project list failed to load, with a Retry: the project pages show it in place of their content.
import { RefreshCw } from "lucide-react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

export const PROJECTS_LOAD_ERROR = "Your projects could not be loaded. Check your connection and try again.";

export function ProjectsLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert variant="danger" className="items-center justify-between">
      <span>{PROJECTS_LOAD_ERROR}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </Alert>
  );
}
