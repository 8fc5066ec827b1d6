// The company's user menu → Time Zone: the same form as the customer's Profile Settings card, in a dialog, for the
// admins, whose console has no profile page. Loaded when first opened (the menu imports it lazily).
import type { CurrentUser } from "../../../shared/schemas/auth";
import { viewerTimeZone } from "../../lib/date-time";
import { Dialog, DialogContent, DialogHeader } from "../ui/dialog";
import { TIME_ZONE_DESCRIPTION, TimeZoneForm } from "./TimeZoneCard";

export function TimeZoneDialog(props: { user: CurrentUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const saved = props.user.timeZone ?? viewerTimeZone();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader title="Time Zone" description={TIME_ZONE_DESCRIPTION} />
        <TimeZoneForm key={saved} saved={saved} />
      </DialogContent>
    </Dialog>
  );
}
