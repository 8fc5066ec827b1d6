// GET /api/projects: the caller's projects, the first being the current one.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Project } from "../../../../shared/schemas/project";
import { apiRequest } from "../../../lib/api";
import { POLL_MS } from "../../../lib/query-client";

/** Its own key, not a prefix of the project-scoped reads (["/api/projects", id, …]): refreshing the list refreshes the list. */
export const projectsQueryKey = ["/api/projects", "list"] as const;

const getProjects = () => apiRequest<Project[]>("GET", "/api/projects");

export const projectsQueryOptions = () => queryOptions({ queryKey: projectsQueryKey, queryFn: getProjects });

/** The prototype status view polls projects every 30 s, refetches on focus, and retries 3 times. */
const PROTOTYPE_STATUS_POLLING = { refetchInterval: POLL_MS.prototypeStatus, refetchOnWindowFocus: true, retry: 3 } as const;

export function useProjects(options: { poll?: boolean } = {}) {
  return useQuery({ ...projectsQueryOptions(), ...(options.poll ? PROTOTYPE_STATUS_POLLING : {}) });
}
