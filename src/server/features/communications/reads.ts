// The project threads' cached read (cache/define-read.ts). General support threads are read from the database each
// time: they are one customer's few, on their own index, and no change notice names their customer.
import type { SessionUser } from "../../auth/sessions";
import { defineRead } from "../../cache/define-read";
import { listThreads } from "./list-communications";

export const DEFAULT_COMMUNICATIONS_LIMIT = 100;

/** A project's threads as one viewer sees them (their unread counts): the newest page at the default size is kept. */
export const communicationsRead = defineRead({
  name: "communications",
  tables: ["communications", "communication_replies", "communication_reads", "users"],
  load: (
    db,
    {
      viewer,
      projectId,
      limit,
      before,
    }: { viewer: Pick<SessionUser, "id" | "email" | "role">; projectId: string; limit: number; before?: string },
  ) => listThreads(db, viewer, { projectId }, { limit, ...(before ? { before: new Date(before) } : {}) }),
  keep: ({ limit, before }) => limit === DEFAULT_COMMUNICATIONS_LIMIT && !before,
  owner: ({ viewer }) => viewer.id,
  rows: ({ projectId }, _, row) => [
    row("communications", "project_id", projectId),
    row("communication_replies", "project_id", projectId),
    row("communication_reads", "project_id", projectId),
  ],
});
