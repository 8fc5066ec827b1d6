// GET /api/projects/{id}/prototype/frame-check: whether the prototype's site lets the portal frame it, so the viewer
// can say 'Unable to Load Prototype' at once rather than show the browser's own refusal page.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PrototypeFrameCheck } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

/** Keyed by the URL too: a new prototype link is a new check. */
export const prototypeFrameCheckQueryKey = (projectId: string, prototypeUrl: string) =>
  API.prototypeFrameCheck.key({ projectId }, { prototypeUrl });

/** `fresh` asks the prototype's site again rather than the server's short memory of its answer (Try Again). */
export const checkPrototypeFrame = (projectId: string, options: { fresh?: boolean } = {}) =>
  apiRequest<PrototypeFrameCheck>("GET", API.prototypeFrameCheck.path({ projectId }, { fresh: options.fresh || undefined }));

export const prototypeFrameCheckQueryOptions = (projectId: string, prototypeUrl: string) =>
  queryOptions({
    queryKey: prototypeFrameCheckQueryKey(projectId, prototypeUrl),
    queryFn: () => checkPrototypeFrame(projectId),
    staleTime: 60_000,
    // A failed check is not a refusal: the viewer then relies on the frame's own load timeout.
    retry: false,
  });

/** The check, and `recheck()`: a fresh check whose answer replaces the cached one. */
export function usePrototypeFrameCheck(projectId: string, prototypeUrl: string) {
  const queryClient = useQueryClient();
  const query = useQuery(prototypeFrameCheckQueryOptions(projectId, prototypeUrl));
  const recheck = useCallback(
    () =>
      queryClient
        .fetchQuery({
          ...prototypeFrameCheckQueryOptions(projectId, prototypeUrl),
          queryFn: () => checkPrototypeFrame(projectId, { fresh: true }),
          staleTime: 0,
        })
        .catch(() => undefined),
    [queryClient, projectId, prototypeUrl],
  );
  return { ...query, recheck };
}
