// The prototype's published versions, newest first, each with its release notes; the one in the viewer is marked.
// The customer's Testing & Feedback page and the console's project details both show it (each loads the list).
import type { UseQueryResult } from "@tanstack/react-query";
import type { VersionPage } from "../../../shared/schemas/versions";
import { formatDateTime } from "../../lib/date-time";
import { Badge } from "../ui/badge";
import { ListState } from "./ListState";
import { MarkdownView } from "./MarkdownView";

export function VersionList({
  versions,
  currentUrl,
  emptyText,
}: {
  versions: UseQueryResult<VersionPage>;
  currentUrl: string | null;
  emptyText: string;
}) {
  const latest = versions.data?.items[0];
  return (
    <ListState
      isLoading={versions.isPending}
      error={versions.error}
      isEmpty={versions.data?.items.length === 0}
      emptyText={emptyText}
      errorText="The version history could not be loaded."
      skeletonClassName="h-20 w-full rounded-xl"
      onRetry={() => versions.refetch()}
    >
      <ol className="grid gap-3" aria-label="Prototype versions">
        {versions.data?.items.map((version) => (
          <li key={version.id} className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3" data-testid="version-item">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">Version {version.number}</span>
              {version.id === latest?.id && version.url === currentUrl && <Badge variant="success">In the viewer</Badge>}
              <span className="ml-auto text-xs text-slate-500">
                <time dateTime={version.publishedAt}>{formatDateTime(version.publishedAt)}</time>
                {version.publishedBy?.name ? ` · ${version.publishedBy.name}` : ""}
              </span>
            </div>
            <MarkdownView markdown={version.releaseNotes} className="text-sm" />
          </li>
        ))}
      </ol>
    </ListState>
  );
}
