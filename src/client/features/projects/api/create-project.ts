// POST /api/projects: a new project on the package the customer chose; it joins the project list at once (so it can
// be put in view before the list is asked again), then the list is asked again.
import { useQueryClient } from "@tanstack/react-query";
import type { PackageType } from "../../../../shared/constants/packages";
import type { Project } from "../../../../shared/schemas/project";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { projectsQueryKey } from "./get-projects";

// Budget and timeline stay unset (the server's default) until the customer chooses them in the requirements.
const createProject = (input: { packageType: PackageType }) =>
  apiRequest<Project>("POST", API.projects.path(), { packageType: input.packageType });

export function useCreateProject(config: MutationConfig<typeof createProject> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, createProject, (project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (list) =>
        list && !list.some((p) => p.id === project.id) ? [...list, project] : list,
      );
      return queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    }),
  );
}
