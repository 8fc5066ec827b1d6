// The requirements' cached read (cache/define-read.ts).
import { defineRead } from "../../../cache/define-read";
import { getRequirements } from "./get-requirements";

/** A project's questionnaire answers and brief, the same for all its viewers (charged to the first to read them). */
export const requirementsRead = defineRead({
  name: "requirements",
  tables: ["requirements"],
  load: (db, { projectId }: { projectId: string }) => getRequirements(db, projectId),
  rows: ({ projectId }, _, row) => [row("requirements", "project_id", projectId)],
});
