// GET /api/projects/{id}/communications: one page of a project's threads with their newest replies (the customer's
// page and the admin's project details), or of its meetings with a time (Scheduled Meetings). Live updates refresh
// it; without the stream it polls.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CommunicationPage, THREADS_PAGE_SIZE, type ThreadView } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { previousPageOf } from "../../../lib/use-page-of";

/** Every page and view of a project's threads: what a change to them refreshes. */
export const communicationsKey = (projectId: string) => API.communications.key({ projectId });

export type ThreadsQuery = { page: number; show: ThreadView };
export const FIRST_THREADS_PAGE: ThreadsQuery = { page: 1, show: "all" };

export const getCommunications = (projectId: string, query: ThreadsQuery) =>
  apiRequest<CommunicationPage>(
    "GET",
    API.communications.path({ projectId }, { show: query.show, page: query.page, pageSize: THREADS_PAGE_SIZE }),
  );

export const communicationsQueryOptions = (projectId: string, query: ThreadsQuery = FIRST_THREADS_PAGE) =>
  queryOptions({
    queryKey: API.communications.key({ projectId }, query),
    queryFn: () => getCommunications(projectId, query),
  });

export function useCommunications(
  projectId: string | undefined,
  query: ThreadsQuery = FIRST_THREADS_PAGE,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...communicationsQueryOptions(projectId ?? "", query),
    enabled: Boolean(projectId),
    placeholderData: previousPageOf(projectId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
