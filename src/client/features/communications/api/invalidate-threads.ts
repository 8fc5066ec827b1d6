// After a thread changes (a new one, a reply, a read marker), its project's threads and the console's list ask again.
import type { QueryClient } from "@tanstack/react-query";
import { communicationsKey } from "./get-communications";
import { COMPANY_COMMUNICATIONS_KEY } from "./get-company-communications";

export function invalidateThreads(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: communicationsKey(projectId) }),
    queryClient.invalidateQueries({ queryKey: COMPANY_COMMUNICATIONS_KEY }),
  ]);
}
