// Issue 31: when this browser's zone is not the one stored on the account, the portal says once which zone its times
// are shown in and offers to switch to the browser's. "Switch" saves it through PUT /api/me/time-zone (the profile's
// own save); "Keep" dismisses the notice for this pair of zones on this device. Nothing shows before a zone is stored
// (the app stores the browser's on first load) nor when the two agree under different names (Asia/Calcutta).
import { Globe } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { TIME_ZONE_MESSAGES } from "../../../shared/schemas/time-zone";
import { useSaveTimeZone } from "../../features/account/api/save-time-zone";
import { serverMessage } from "../../lib/api";
import { browserTimeZone } from "../../lib/date-time";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { PendingButton } from "../ui/pending-button";
import { toast } from "../ui/use-toast";

const STORAGE_KEY = "bp:time-zone-notice-dismissed";
const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

function dismissedPair(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberDismissed(pair: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, pair);
  } catch {
    // Storage off: the notice is dismissed for this page only.
  }
}

export function TimeZoneNotice({ user }: { user: CurrentUser }) {
  const stored = user.timeZone;
  const browser = browserTimeZone();
  const pair = `${stored}|${browser}`;
  const [dismissed, setDismissed] = useState(dismissedPair);
  const save = useSaveTimeZone();
  if (!stored || stored === browser || dismissed === pair) return null;

  const keep = () => {
    rememberDismissed(pair);
    setDismissed(pair);
  };
  const switchZone = () =>
    save.mutate(browser, {
      onSuccess: (saved) =>
        toast({ title: TIME_ZONE_MESSAGES.saved, description: `Dates and times now show in ${zoneLabel(saved.timeZone)}.` }),
      onError: (error) =>
        toast({ title: "Error", description: serverMessage(error, "Could not save your time zone"), variant: "destructive" }),
    });

  return (
    <Alert className="mb-6" data-testid="time-zone-notice">
      <Globe aria-hidden="true" />
      <div className="grid min-w-0 gap-3">
        <p>
          Dates and times are shown in <strong>{zoneLabel(stored)}</strong>, the time zone saved on your account. This browser is
          in <strong>{zoneLabel(browser)}</strong>.
        </p>
        <div className="flex flex-wrap gap-2">
          <PendingButton size="sm" className="h-auto min-h-8 whitespace-normal" pending={save.isPending} onClick={switchZone}>
            Switch to {zoneLabel(browser)}
          </PendingButton>
          <Button size="sm" variant="outline" className="h-auto min-h-8 whitespace-normal" onClick={keep}>
            Keep {zoneLabel(stored)}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
