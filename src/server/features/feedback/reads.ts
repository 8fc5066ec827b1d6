// The feedback list's cached read (cache/define-read.ts).
import type { ProjectAccessLevel } from "../../../shared/domain/project-access";
import { FEEDBACK_PAGE_SIZE, type ProjectFeedbackQuery } from "../../../shared/schemas/feedback";
import { defineRead } from "../../cache/define-read";
import { listProjectFeedback } from "./list-feedback";

/** A project's feedback as one viewer sees it (their own items are marked): only the first unfiltered page is kept. */
export const feedbackListRead = defineRead({
  name: "feedback",
  tables: ["feedback", "users"],
  load: (db, caller: { projectId: string; userId: string; accessLevel: ProjectAccessLevel; query: ProjectFeedbackQuery }) =>
    listProjectFeedback(db, caller),
  keep: ({ query }) => query.page === 1 && query.pageSize === FEEDBACK_PAGE_SIZE && (query.status ?? "all") === "all",
  owner: ({ userId }) => userId,
  rows: ({ projectId }, _, row) => [row("feedback", "project_id", projectId)],
});
