// The project threads' cached read (cache/define-read.ts). General support threads are read from the database each
// time: they are one customer's few, on their own index, and no change notice names their customer.

import { THREADS_PAGE_SIZE, type ThreadView } from "../../../shared/schemas/communications";
import type { Paging } from "../../../shared/schemas/paging";
import type { SessionUser } from "../../auth/sessions";
import { defineRead } from "../../cache/define-read";
import { listThreads } from "./list-communications";

/** A project's threads as one viewer sees them (their unread counts): the first page of every thread is kept. */
export const communicationsRead = defineRead({
  name: "communications",
  tables: ["communications", "communication_replies", "communication_reads", "users"],
  load: (
    db,
    {
      viewer,
      projectId,
      ...query
    }: { viewer: Pick<SessionUser, "id" | "email" | "role">; projectId: string } & Paging & {
        show: ThreadView;
      },
  ) => listThreads(db, { viewer, place: { projectId }, query }),
  keep: ({ page, pageSize, show }) => page === 1 && pageSize === THREADS_PAGE_SIZE && show === "all",
  owner: ({ viewer }) => viewer.id,
  rows: ({ projectId }, _, row) => [
    row("communications", "project_id", projectId),
    row("communication_replies", "project_id", projectId),
    row("communication_reads", "project_id", projectId),
  ],
});
