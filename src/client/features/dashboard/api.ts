// Dashboard data beyond the shell's profile and projects: recent activity, and the team preview.
import { useQuery } from "@tanstack/react-query";
import type { ActivityItem } from "../../../shared/schemas/activity";
import type { ProjectUser } from "../../../shared/schemas/team";
import { ACTIVITY_KEY } from "../onboarding/api";
import { usersKey } from "../team/team-queries";

export function useRecentActivity() {
  return useQuery<ActivityItem[]>({ queryKey: ACTIVITY_KEY });
}

/** The first few authorized users; asked only when the project has some (the list itself belongs to User Management). */
export function useProjectMembers(projectId: string | null, count: number) {
  return useQuery<ProjectUser[]>({
    queryKey: usersKey(projectId ?? ""),
    enabled: Boolean(projectId) && count > 0,
    retry: false,
  });
}
