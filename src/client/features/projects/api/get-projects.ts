// GET /api/projects: the caller's projects, the first being the current one. The server answers a page at a time; the
// project picker and the current project need the whole list, so this owner reads every page and keeps the list.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Project, ProjectPage } from "../../../../shared/schemas/project";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { POLL_MS } from "../../../lib/query-client";

/** Its own key, not a prefix of the project-scoped reads (API.projects' ownKey): refreshing the list refreshes the list. */
export const projectsQueryKey = API.projects.key();

/**
 * Page 1 at the server's page size (the address the page's HTML preloads), then any further pages at once: a customer's
 * list is their own projects and those they were invited to, so there is almost never a second.
 */
async function getProjects(): Promise<Project[]> {
  const first = await apiRequest<ProjectPage>("GET", API.projects.path());
  const pageCount = Math.ceil(first.total / first.pageSize);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) =>
      apiRequest<ProjectPage>("GET", API.projects.path({ page: index + 2, pageSize: first.pageSize })),
    ),
  );
  // A project created or removed between two pages' reads shifts the rows: each project is listed once.
  const seen = new Set<string>();
  return [first, ...rest].flatMap((page) => page.items).filter((project) => !seen.has(project.id) && seen.add(project.id));
}

export const projectsQueryOptions = () => queryOptions({ queryKey: projectsQueryKey, queryFn: getProjects });

/** The prototype status view polls projects every 30 s, refetches on focus, and retries 3 times. */
const PROTOTYPE_STATUS_POLLING = { refetchInterval: POLL_MS.prototypeStatus, refetchOnWindowFocus: true, retry: 3 } as const;

export function useProjects(options: { poll?: boolean } = {}) {
  return useQuery({ ...projectsQueryOptions(), ...(options.poll ? PROTOTYPE_STATUS_POLLING : {}) });
}
