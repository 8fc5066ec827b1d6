// The API reads that a signed-in user's HTML asks the browser to fetch at once (FRAME_READS and PAGE_READS in
// shared/routes.ts, written by src/server/http/web.ts as <link rel="preload" as="fetch">), each with its owner.
import type { QueryClient } from "@tanstack/react-query";
import { activityQueryOptions } from "./features/dashboard/api/get-activity";
import { notificationsQueryOptions } from "./features/notifications/api/get-notifications";
import { profileQueryOptions } from "./features/onboarding/api/get-profile";
import { projectsQueryOptions } from "./features/projects/api/get-projects";
import { API } from "./lib/api-paths";

/** Each read's owner puts its answer in the cache (its fetch takes the preloaded answer). */
export const FIRST_READ_OWNERS: Record<string, (queryClient: QueryClient) => Promise<void>> = {
  [API.profile.path()]: (queryClient) => queryClient.prefetchQuery(profileQueryOptions()),
  [API.projects.path()]: (queryClient) => queryClient.prefetchQuery(projectsQueryOptions()),
  [API.notifications.path()]: (queryClient) => queryClient.prefetchQuery(notificationsQueryOptions()),
  [API.activity.path()]: (queryClient) => queryClient.prefetchQuery(activityQueryOptions()),
};

/** How long the first render waits for the preloaded answers before it shows the page's skeleton instead. */
const FIRST_READS_WAIT_MS = 1000;

/**
 * Puts the answers to the reads this page's HTML preloaded into the cache. They usually arrive before the code does,
 * so the first render shows the page, not a skeleton followed by a second render of the whole page when the data comes
 * (a query's answer re-renders synchronously, in one long task; the first render is a transition, in short ones).
 */
export async function takePreloadedReads(queryClient: QueryClient): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]');
  const reads = [...links].flatMap((link) => {
    const take = FIRST_READ_OWNERS[new URL(link.href).pathname];
    return take ? [take(queryClient)] : [];
  });
  if (reads.length === 0) return;
  await Promise.race([Promise.all(reads), new Promise((resolve) => setTimeout(resolve, FIRST_READS_WAIT_MS))]);
}
