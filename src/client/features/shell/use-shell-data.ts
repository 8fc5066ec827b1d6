// The data the signed-in shell shows on every page: the profile (names) and the project in view (the URL's
// `?project=`, else the last chosen, else the first).
import { useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../shared/schemas/profile";
import type { Project } from "../../../shared/schemas/project";
import { profileQueryOptions } from "../onboarding/api/get-profile";
import { useSelectedProject } from "../projects/api/use-selected-project";

export type ShellProfile = Pick<Profile, "fullName" | "company"> | null;
export type ShellProject = Pick<Project, "id" | "projectCode" | "projectName" | "packageType" | "status" | "prototypeUrl">;

export function useShellData(enabled: boolean) {
  const profile = useQuery({ ...profileQueryOptions(), enabled, retry: false });
  const { selected } = useSelectedProject({ enabled });
  return { profile: profile.data ?? null, currentProject: (enabled ? selected : undefined) ?? null };
}
