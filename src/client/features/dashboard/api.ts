// Dashboard data beyond the shell's profile and projects: recent activity, and the team preview.
import { useQuery } from "@tanstack/react-query";
import type { ActivityItem } from "../../../shared/schemas/activity";
import { ACTIVITY_KEY } from "../onboarding/api";

export function useRecentActivity() {
  return useQuery<ActivityItem[]>({ queryKey: ACTIVITY_KEY });
}

export type ProjectMember = { id: string; email: string; accessLevel: string; createdAt: string };

/** The first few authorized users; asked only when the project has some (the list itself belongs to User Management). */
export function useProjectMembers(projectId: string | null, count: number) {
  return useQuery<ProjectMember[]>({
    queryKey: ["/api/projects", projectId ?? "", "users"],
    enabled: Boolean(projectId) && count > 0,
    retry: false,
  });
}
