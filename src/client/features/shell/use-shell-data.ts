// The data the signed-in shell shows on every page: the profile (names) and the current project (the first one).
import { useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../shared/schemas/profile";
import type { Project } from "../../../shared/schemas/project";
import { profileQueryOptions } from "../onboarding/api/get-profile";
import { projectsQueryOptions } from "../projects/api/get-projects";

export type ShellProfile = Pick<Profile, "fullName" | "company"> | null;
export type ShellProject = Pick<Project, "id" | "projectCode" | "packageType" | "status" | "prototypeUrl">;

export function useShellData(enabled: boolean) {
  const profile = useQuery({ ...profileQueryOptions(), enabled, retry: false });
  const projects = useQuery({ ...projectsQueryOptions(), enabled, retry: false });
  return { profile: profile.data ?? null, currentProject: projects.data?.[0] ?? null };
}
