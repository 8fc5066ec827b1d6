// GET /api/projects/{id}/prototype/frame-check: whether the prototype's site lets the portal frame it, so the viewer
// can say 'Unable to Load Prototype' at once rather than show the browser's own refusal page.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PrototypeFrameCheck } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";

/** Keyed by the URL too: a new prototype link is a new check. */
export const prototypeFrameCheckQueryKey = (projectId: string, prototypeUrl: string) =>
  ["/api/projects", projectId, "prototype", "frame-check", prototypeUrl] as const;

export const checkPrototypeFrame = (projectId: string) =>
  apiRequest<PrototypeFrameCheck>("GET", `/api/projects/${projectId}/prototype/frame-check`);

export const prototypeFrameCheckQueryOptions = (projectId: string, prototypeUrl: string) =>
  queryOptions({
    queryKey: prototypeFrameCheckQueryKey(projectId, prototypeUrl),
    queryFn: () => checkPrototypeFrame(projectId),
    staleTime: 60_000,
    // A failed check is not a refusal: the viewer then relies on the frame's own load timeout.
    retry: false,
  });

export function usePrototypeFrameCheck(projectId: string, prototypeUrl: string) {
  return useQuery(prototypeFrameCheckQueryOptions(projectId, prototypeUrl));
}
