// The data the signed-in shell shows on every page: the profile (names), the project in view (the URL's `?project=`,
// else the last chosen, else the first), and whether the user only belongs to others' projects (no owner onboarding).
import { useQuery } from "@tanstack/react-query";
import { onlyMemberships } from "../../../shared/domain/next-action";
import type { Profile } from "../../../shared/schemas/profile";
import type { Project } from "../../../shared/schemas/project";
import { profileQueryOptions } from "../onboarding/api/get-profile";
import { useSelectedProject } from "../projects/api/use-selected-project";

export type ShellProfile = Pick<Profile, "fullName" | "company"> | null;
export type ShellProject = Pick<
  Project,
  "id" | "projectCode" | "projectName" | "packageType" | "status" | "prototypeUrl" | "hasPrototype"
>;

export function useShellData(enabled: boolean) {
  const profile = useQuery({ ...profileQueryOptions(), enabled, retry: false });
  const { projects, selected } = useSelectedProject({ enabled });
  return {
    profile: profile.data ?? null,
    currentProject: (enabled ? selected : undefined) ?? null,
    onlyMemberships: onlyMemberships(projects.data),
  };
}
