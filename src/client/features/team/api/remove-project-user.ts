// DELETE /api/projects/{id}/users/{userId}: removes a user (the error body carries the reason).
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { useTeamMutation } from "./add-project-user";

const removeProjectUser = (projectId: string, userId: string) =>
  apiRequest<SuccessReply>("DELETE", API.projectUser.path({ projectId, userId }));

export function useRemoveProjectUser(projectId: string) {
  return useTeamMutation(projectId, (userId: string) => removeProjectUser(projectId, userId));
}
