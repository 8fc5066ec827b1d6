// The admin console's data: one owner per endpoint (query key + fetcher + hook, mutations with what they invalidate).
// Admin data is never cached (part 2 §4): staleTime 0 and a refetch whenever a view mounts.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminProject,
  AdminStats,
  AuditEntry,
  ChartData,
  Inquiry,
  InvoicePhase,
  Page,
  ProjectListQuery,
  ProjectPatchInput,
  StatusRun,
  UserActivity,
} from "../../../../shared/schemas/admin";
import type { PendingNda } from "../../../../shared/schemas/nda";
import type { Profile } from "../../../../shared/schemas/profile";
import type { Requirements } from "../../../../shared/schemas/requirements";
import { ApiError, apiRequest } from "../../../lib/api";

const NO_CACHE = { staleTime: 0, gcTime: 60_000, refetchOnMount: "always" as const };
export const ADMIN_KEY = ["admin"] as const;

async function getJson<T>(url: string): Promise<T> {
  return apiRequest<T>("GET", url);
}

function searchParams(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "" && value !== "all") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export type ProjectListParams = Partial<ProjectListQuery>;
export const projectsUrl = (query: ProjectListParams) => `/api/company/projects${searchParams(query)}`;
export const projectsCsvUrl = (query: ProjectListParams) =>
  `/api/company/projects.csv${searchParams({ ...query, page: undefined, pageSize: undefined })}`;

export const adminStatsQuery = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, "stats"], queryFn: () => getJson<AdminStats>("/api/company/stats"), ...NO_CACHE });
export const adminProjectsQuery = (query: ProjectListParams) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "projects", query],
    queryFn: () => getJson<Page<AdminProject>>(projectsUrl(query)),
    placeholderData: (previous) => previous,
    ...NO_CACHE,
  });
export const userActivityQuery = (query: { activityStatus?: string; search?: string; page?: number }) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "user-activity", query],
    queryFn: () => getJson<Page<UserActivity>>(`/api/company/user-activity${searchParams(query)}`),
    placeholderData: (previous) => previous,
    ...NO_CACHE,
  });
export const pendingNdasQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "pending-ndas"],
    queryFn: () => getJson<PendingNda[]>("/api/company/pending-ndas"),
    ...NO_CACHE,
  });
export const chartsQuery = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, "charts"], queryFn: () => getJson<ChartData>("/api/company/charts"), ...NO_CACHE });
export const auditQuery = (projectId?: string, page = 1) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "audit", projectId ?? "all", page],
    queryFn: () =>
      getJson<Page<AuditEntry>>(
        projectId ? `/api/company/projects/${projectId}/audit?page=${page}` : `/api/company/audit?page=${page}`,
      ),
    ...NO_CACHE,
  });
export const inquiriesQuery = (status: string, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "inquiries", status, page],
    queryFn: () => getJson<Page<Inquiry>>(`/api/company/inquiries${searchParams({ status, page })}`),
    ...NO_CACHE,
  });
export type CustomerProfile = Profile & { email: string };
export const customerProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "customer-profile", userId],
    queryFn: async () => {
      try {
        return await getJson<CustomerProfile>(`/api/customer-profile/${userId}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    ...NO_CACHE,
  });
export type CustomerNda = {
  profileId: string;
  ndaStatus: "pending" | "customer_verified" | "approved" | null;
  ndaSigned: boolean;
  ndaSignedAt: string | null;
  ndaApprovedAt: string | null;
  signerName: string | null;
  signerEmail: string | null;
  approvedBy: string | null;
  downloadUrl: string | null;
  auditTrail: Array<{ step: string; email: string; createdAt: string }>;
};
export const customerNdaQuery = (userId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "customer-nda", userId],
    queryFn: async () => {
      try {
        return await getJson<CustomerNda>(`/api/customer-profile/${userId}/nda`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    ...NO_CACHE,
  });
export const projectRequirementsQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "requirements", projectId],
    queryFn: () => getJson<Requirements | null>(`/api/projects/${projectId}/requirements`),
    ...NO_CACHE,
  });

export const useAdminStats = () => useQuery(adminStatsQuery());
export const useAdminProjects = (query: ProjectListParams) => useQuery(adminProjectsQuery(query));

/** Every admin mutation refreshes the console (and the customers' project lists read the same rows). */
function useInvalidateAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ADMIN_KEY });
}

export function useUpdateProject() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { id: string; patch: ProjectPatchInput }) =>
      apiRequest<AdminProject>("PATCH", `/api/company/projects/${input.id}`, input.patch),
    onSuccess: invalidate,
  });
}

function uploadFile<T>(url: string, file: File): Promise<T> {
  const body = new FormData();
  body.append("file", file);
  return apiRequest<T>("POST", url, body);
}

export function useUploadBrd() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { id: string; file: File }) =>
      uploadFile<AdminProject>(`/api/company/projects/${input.id}/brd`, input.file),
    onSuccess: invalidate,
  });
}
export function useDeleteBrd() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ success: boolean; message: string }>("DELETE", `/api/company/projects/${id}/brd`),
    onSuccess: invalidate,
  });
}
export function useUploadInvoice() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { id: string; phase: InvoicePhase; file: File }) =>
      uploadFile<AdminProject>(`/api/company/projects/${input.id}/invoices/${input.phase}`, input.file),
    onSuccess: invalidate,
  });
}
export function useDeleteInvoice() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { id: string; phase: InvoicePhase }) =>
      apiRequest<AdminProject>("DELETE", `/api/company/projects/${input.id}/invoices/${input.phase}`),
    onSuccess: invalidate,
  });
}
export function useTestStatusUpdates() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: () => apiRequest<StatusRun>("POST", "/api/admin/test-status-updates", {}),
    onSuccess: invalidate,
  });
}
export function useSendCompanyOtp() {
  return useMutation({
    mutationFn: (profileId: string) =>
      apiRequest<{ success: boolean; message: string }>("POST", "/api/nda/send-company-otp", { profileId }),
  });
}
export function useApproveNda() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { profileId: string; otp: string }) =>
      apiRequest<{ success: boolean; message: string }>("POST", "/api/company/nda/approve", input),
    onSuccess: invalidate,
  });
}
export function useSendProfileReminder() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<{ success: boolean; message: string }>("POST", `/api/company/users/${userId}/profile-reminder`, {}),
  });
}
export function useSetInquiryStatus() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { id: string; status: Inquiry["status"] }) =>
      apiRequest<Inquiry>("PATCH", `/api/company/inquiries/${input.id}`, { status: input.status }),
    onSuccess: invalidate,
  });
}
