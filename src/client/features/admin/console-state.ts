// The console's own URL state: the open tab, and the header's search and filters with the Projects tab's sort and
// page. Each other tab keeps its filters in its own scope (see useListState).

import { CONSOLE_TABS, type ConsoleTab } from "../../../shared/console-tabs";
import { PACKAGE_TYPES } from "../../../shared/constants/packages";
import { PROJECT_STATUSES } from "../../../shared/domain/project-status";
import { PROJECT_SORTS, type ProjectListQuery } from "../../../shared/schemas/admin";
import { listPatch, useListState, useUrlPatches } from "../../lib/use-list-state";

export { CONSOLE_TABS, type ConsoleTab };

const TAB = { tab: CONSOLE_TABS } as const;
const PROJECT_LIST = {
  q: "text",
  status: ["all", ...PROJECT_STATUSES],
  package: ["all", ...PACKAGE_TYPES],
  due: ["all", "overdue"],
  update: ["all", "due"],
  payment: ["all", "awaiting_payment"],
  sort: PROJECT_SORTS,
  order: ["desc", "asc"],
} as const;

export function useConsoleTab() {
  const { state, set } = useListState(TAB, { paged: false });
  return [state.tab, (tab: ConsoleTab) => set({ tab })] as const;
}

/** The Projects list's state, and the same as the server's list query. */
export function useProjectFilters() {
  const { state, set } = useListState(PROJECT_LIST);
  const listQuery: Partial<ProjectListQuery> = {
    search: state.q,
    status: state.status,
    package: state.package,
    due: state.due,
    update: state.update,
    payment: state.payment,
    sort: state.sort,
    order: state.order,
    page: state.page,
  };
  return { filters: state, set, listQuery };
}

/** Opens the Projects tab searched for `q` (a user's project, the header's search). */
export function useShowProjects() {
  const apply = useUrlPatches();
  return (q: string) => apply(listPatch(PROJECT_LIST, { q }), listPatch(TAB, { tab: "projects" }, { paged: false }));
}
