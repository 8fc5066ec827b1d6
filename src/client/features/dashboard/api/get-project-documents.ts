// GET /api/projects/{id}/documents: the Project Documents card's files with their real sizes and dates.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProjectDocument } from "../../../../shared/schemas/project-documents";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const projectDocumentsQueryKey = (projectId: string) => API.projectDocuments.key({ projectId });

export const getProjectDocuments = (projectId: string) =>
  apiRequest<ProjectDocument[]>("GET", API.projectDocuments.path({ projectId }));

export const projectDocumentsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectDocumentsQueryKey(projectId), queryFn: () => getProjectDocuments(projectId) });

export function useProjectDocuments(projectId: string | undefined) {
  return useQuery({ ...projectDocumentsQueryOptions(projectId ?? ""), enabled: Boolean(projectId) });
}
