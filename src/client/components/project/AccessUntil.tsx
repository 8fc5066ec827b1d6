// "26 November 2027 · 312 days left": a project's access expiry date and the days left, in the viewer's zone.
import { accessExpiryView } from "../../../shared/domain/access-expiry";
import { viewerTimeZone } from "../../lib/date-time";

export function AccessUntil({ project }: { project: { customerAccessExpiryDate?: string | null } }) {
  const view = accessExpiryView(project, new Date(), viewerTimeZone());
  if (!view) return <span className="text-slate-600">Set once the prototype is deployed</span>;
  return (
    <span data-testid="access-until">
      {view.date}{" "}
      <span className={view.expired || view.banner ? "font-semibold text-amber-700" : "text-slate-600"}>· {view.detail}</span>
    </span>
  );
}
