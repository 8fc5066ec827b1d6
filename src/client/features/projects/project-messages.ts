// Toast texts of Prototype Projects and the session-loss handling of New Project and Confirm Brief.
import { toast } from "../../components/ui/use-toast";
import { ApiError, isSessionLost, serverMessage } from "../../lib/api";
import { API } from "../../lib/api-paths";

const NEW_PROJECT_LOGIN_DELAY_MS = 1000;
const CONFIRM_LOGIN_DELAY_MS = 500;

/** New Project failed: a lost session (401) shows 'Please Login' and goes to /auth after 1 s; anything else says why. */
export function reportNewProjectFailure(error: unknown): void {
  if (isSessionLost(error)) {
    toast({ title: "Please Login", description: "Your session has ended. Please sign in again.", variant: "destructive" });
    setTimeout(() => window.location.assign("/auth"), NEW_PROJECT_LOGIN_DELAY_MS);
    return;
  }
  const reason = serverMessage(error, error instanceof Error ? error.message : "Please try again.");
  toast({ title: "Error", description: `Failed to create new project: ${reason}`, variant: "destructive" });
}

/** Confirm Brief failed: a lost session (401) logs in again through /api/login after 0.5 s; a 429 says why. */
export function reportConfirmFailure(error: unknown): void {
  if (isSessionLost(error)) {
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    setTimeout(() => window.location.assign(API.login.path()), CONFIRM_LOGIN_DELAY_MS);
    return;
  }
  // Past the save allowance (429) the server says when to try again; anything else keeps the spec's words.
  const limited = error instanceof ApiError && error.status === 429;
  toast({
    title: "Error",
    description: limited ? serverMessage(error, "Failed to confirm brief") : "Failed to confirm brief",
    variant: "destructive",
  });
}

export function reportError(error: unknown, fallback: string): void {
  toast({ title: "Error", description: serverMessage(error, fallback), variant: "destructive" });
}
