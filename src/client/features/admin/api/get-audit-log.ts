// GET /api/company/audit and GET /api/company/projects/{id}/audit: every admin change, newest first, paged.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditEntry, Page } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

/** The whole log, or one project's when `projectId` is given. */
export const auditLogQueryKey = (projectId: string | undefined, page: number) =>
  projectId ? API.projectAudit.key({ projectId }, { page }) : API.companyAudit.key({ page });

export const getAuditLog = (projectId: string | undefined, page: number) =>
  apiRequest<Page<AuditEntry>>(
    "GET",
    projectId ? API.projectAudit.path({ projectId }, { page }) : API.companyAudit.path({ page }),
  );

export const auditLogQueryOptions = (projectId: string | undefined, page = 1) =>
  queryOptions({ queryKey: auditLogQueryKey(projectId, page), queryFn: () => getAuditLog(projectId, page), ...COMPANY_NO_CACHE });

export const useAuditLog = (projectId: string | undefined, page = 1) => useQuery(auditLogQueryOptions(projectId, page));
