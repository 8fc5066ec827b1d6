// POST /api/projects: a new project with the default package; the project list is asked again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_NEW_PROJECT } from "../../../../shared/constants/packages";
import type { Project } from "../../../../shared/schemas/project";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { projectsQueryKey } from "./get-projects";

const createProject = () =>
  apiRequest<Project>("POST", "/api/projects", {
    packageType: DEFAULT_NEW_PROJECT.packageType,
    budgetRange: DEFAULT_NEW_PROJECT.budgetRange,
    timeline: DEFAULT_NEW_PROJECT.timeline,
    userLimit: DEFAULT_NEW_PROJECT.userLimit,
    status: "requirements",
  });

export function useCreateProject(config: MutationConfig<typeof createProject> = {}) {
  const queryClient = useQueryClient();
  return useMutation(ownedMutation(config, createProject, () => queryClient.invalidateQueries({ queryKey: projectsQueryKey })));
}
