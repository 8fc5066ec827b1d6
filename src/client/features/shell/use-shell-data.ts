// The data the signed-in shell shows on every page: the profile (names), the current project (the first one), and
// whether the user only belongs to others' projects (no owner onboarding for them).
import { useQuery } from "@tanstack/react-query";
import { onlyMemberships } from "../../../shared/domain/next-action";
import type { Profile } from "../../../shared/schemas/profile";
import type { Project } from "../../../shared/schemas/project";
import { profileQueryOptions } from "../onboarding/api/get-profile";
import { projectsQueryOptions } from "../projects/api/get-projects";

export type ShellProfile = Pick<Profile, "fullName" | "company"> | null;
export type ShellProject = Pick<Project, "id" | "projectCode" | "packageType" | "status" | "prototypeUrl">;

export function useShellData(enabled: boolean) {
  const profile = useQuery({ ...profileQueryOptions(), enabled, retry: false });
  const projects = useQuery({ ...projectsQueryOptions(), enabled, retry: false });
  return {
    profile: profile.data ?? null,
    currentProject: projects.data?.[0] ?? null,
    onlyMemberships: onlyMemberships(projects.data),
  };
}
