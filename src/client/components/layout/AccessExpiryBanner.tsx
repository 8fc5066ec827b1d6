// The portal's banner in the last 30 days of a project's access, and after its end: the date and the days left in the
// viewer's zone, what closes, what stays, and whom to ask (shared/domain/access-expiry.ts words it).
import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { accessBannerText, accessExpiryView } from "../../../shared/domain/access-expiry";
import { useSelectedProject } from "../../features/projects/api/use-selected-project";
import { viewerTimeZone } from "../../lib/date-time";
import { Alert } from "../ui/alert";

export function AccessExpiryBanner() {
  const { selected } = useSelectedProject();
  if (!selected || selected.accessLevel === "company") return null;
  const view = accessExpiryView(selected, new Date(), viewerTimeZone());
  if (!view?.banner) return null;
  const text = accessBannerText(view, selected.projectCode);
  return (
    <Alert variant={view.expired ? "danger" : "warning"} className="mb-6" data-testid="access-expiry-banner">
      <CalendarClock aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold">{text.title}</p>
        <p>{text.body}</p>
        <p>
          <Link className="font-semibold underline underline-offset-2" to="/communications?openMessage=true">
            Ask the Blueprint team
          </Link>
        </p>
      </div>
    </Alert>
  );
}
