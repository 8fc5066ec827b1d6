// Projects, requirements and the brief on the client: query keys, calls and TanStack Query hooks.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_NEW_PROJECT } from "../../../shared/constants/packages";
import type { Project } from "../../../shared/schemas/project";
import type { BriefGeneratorChoice, Requirements, SaveRequirementsBody } from "../../../shared/schemas/requirements";
import { apiRequest } from "../../lib/api";

export const PROJECTS_KEY = ["/api/projects"] as const;
export const requirementsKey = (projectId: string) => ["/api/projects", projectId, "requirements"] as const;

export function useProjects() {
  return useQuery<Project[]>({ queryKey: PROJECTS_KEY });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<Project>("POST", "/api/projects", {
        packageType: DEFAULT_NEW_PROJECT.packageType,
        budgetRange: DEFAULT_NEW_PROJECT.budgetRange,
        timeline: DEFAULT_NEW_PROJECT.timeline,
        userLimit: DEFAULT_NEW_PROJECT.userLimit,
        status: "requirements",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}

export function useRequirements(projectId: string | undefined) {
  return useQuery<Requirements | null>({
    queryKey: requirementsKey(projectId ?? ""),
    enabled: Boolean(projectId),
  });
}

function useRequirementsMutation<TInput>(projectId: string, call: (input: TInput) => Promise<Requirements>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(requirementsKey(projectId), saved);
      return queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
    },
    // A refused change (say, a teammate confirmed the brief meanwhile) shows the server's state again.
    onError: () => queryClient.invalidateQueries({ queryKey: requirementsKey(projectId) }),
  });
}

export function useSaveRequirements(projectId: string) {
  return useRequirementsMutation(projectId, (body: SaveRequirementsBody) =>
    apiRequest<Requirements>("POST", `/api/projects/${projectId}/requirements`, body),
  );
}

export function useGenerateBrief(projectId: string) {
  return useRequirementsMutation(projectId, (generator: BriefGeneratorChoice | undefined) =>
    apiRequest<Requirements>("POST", `/api/projects/${projectId}/requirements/generate`, generator ? { generator } : {}),
  );
}

export function briefPdfUrl(projectId: string): string {
  return `/api/projects/${projectId}/brief.pdf`;
}
