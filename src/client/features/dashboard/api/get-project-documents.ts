// GET /api/projects/{id}/documents: the Project Documents card's files with their real sizes and dates.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProjectDocument } from "../../../../shared/schemas/project-documents";
import { apiRequest } from "../../../lib/api";

export const projectDocumentsQueryKey = (projectId: string) => ["/api/projects", projectId, "documents"] as const;

export const getProjectDocuments = (projectId: string) =>
  apiRequest<ProjectDocument[]>("GET", `/api/projects/${projectId}/documents`);

export const projectDocumentsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectDocumentsQueryKey(projectId), queryFn: () => getProjectDocuments(projectId) });

export function useProjectDocuments(projectId: string | undefined) {
  return useQuery({ ...projectDocumentsQueryOptions(projectId ?? ""), enabled: Boolean(projectId) });
}
