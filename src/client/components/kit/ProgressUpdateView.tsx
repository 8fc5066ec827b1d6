// One progress update as everyone reads it: the health badge, when (in the viewer's zone) and by whom, the summary in
// Markdown, the next steps and the images (each opens larger). The customer's dashboard, its history and the
// console's Updates tab all show updates with it.
import { lazy, Suspense, useState } from "react";
import { type ProjectUpdate, UPDATE_HEALTH_LABELS, type UpdateHealth } from "../../../shared/schemas/updates";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/date-time";
import { Badge } from "../ui/badge";
import { MarkdownView } from "./MarkdownView";

const UpdateImageDialog = lazy(() => import("./UpdateImageDialog").then((m) => ({ default: m.UpdateImageDialog })));

export function HealthBadge({ health }: { health: UpdateHealth }) {
  const { label, tone } = UPDATE_HEALTH_LABELS[health];
  return (
    <Badge variant={tone} data-testid="update-health">
      {label}
    </Badge>
  );
}

export function ProgressUpdateView({ update, className }: { update: ProjectUpdate; className?: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? null : update.images[open];
  return (
    <article className={cn("grid min-w-0 gap-3", className)} data-testid="progress-update">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <HealthBadge health={update.health} />
        <span className="text-xs text-slate-500">
          <time dateTime={update.createdAt}>{formatDateTime(update.createdAt)}</time>
          {" · by "}
          {update.author?.name || "the Blueprint team"}
        </span>
      </header>
      <MarkdownView markdown={update.summary} className="text-sm" />
      {update.nextSteps && (
        <section className="rounded-lg bg-slate-50 p-3">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Next steps</h3>
          <MarkdownView markdown={update.nextSteps} className="text-sm" />
        </section>
      )}
      {update.images.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Images">
          {update.images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setOpen(index)}
                className="block w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`Open image ${index + 1} of ${update.images.length}`}
              >
                <img src={image.url} alt="" loading="lazy" className="aspect-video w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && open !== null && (
        <Suspense fallback={null}>
          <UpdateImageDialog url={shown.url} index={open} count={update.images.length} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </article>
  );
}
