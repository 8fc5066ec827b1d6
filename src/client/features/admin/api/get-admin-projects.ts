// GET /api/company/projects: the Projects tab, searched, filtered, sorted and paged on the server; and the same
// filters' CSV export (GET /api/company/projects.csv, a download link rather than a query).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminProjectPage, ProjectListQuery } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export type ProjectListParams = Partial<ProjectListQuery>;

export const adminProjectsQueryKey = (query: ProjectListParams) => API.companyProjects.key(query);

export const getAdminProjects = (query: ProjectListParams, signal?: AbortSignal) =>
  apiRequest<AdminProjectPage>("GET", API.companyProjects.path(query), undefined, { signal });

export const adminProjectsQueryOptions = (query: ProjectListParams) =>
  queryOptions({
    queryKey: adminProjectsQueryKey(query),
    // The search narrows as the admin types: a request for an older search is cancelled when a newer one starts.
    queryFn: ({ signal }) => getAdminProjects(query, signal),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export const useAdminProjects = (query: ProjectListParams) => useQuery(adminProjectsQueryOptions(query));

/** The filtered list as CSV, every page (the browser downloads it). */
export const projectsCsvUrl = (query: ProjectListParams) =>
  API.companyProjectsCsv.path({ ...query, page: undefined, pageSize: undefined });
