// The Team tab's reads and changes (issue 44 §1): GET/POST /api/company/staff and PATCH one member (role, active).
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StaffRole } from "../../../../shared/domain/staff-roles";
import type { StaffInviteInput, StaffList, StaffMember } from "../../../../shared/schemas/staff";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE, type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: API.companyStaff.key(),
    queryFn: () => apiRequest<StaffList>("GET", API.companyStaff.path()),
    ...COMPANY_NO_CACHE,
  });
export const useStaff = () => useQuery(staffQueryOptions());

function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: API.companyStaff.key() });
}

export const inviteStaff = (input: StaffInviteInput) => apiRequest<StaffMember>("POST", API.companyStaff.path(), input);
export function useInviteStaff(config: MutationConfig<typeof inviteStaff> = {}) {
  return useAction(ownedMutation(config, inviteStaff, useRefreshStaff()));
}

export const updateStaff = (input: { id: string; patch: { role?: StaffRole; active?: boolean } }) =>
  apiRequest<StaffMember>("PATCH", API.companyStaffMember.path({ staffId: input.id }), input.patch);
export function useUpdateStaff(config: MutationConfig<typeof updateStaff> = {}) {
  return useAction(ownedMutation(config, updateStaff, useRefreshStaff()));
}
