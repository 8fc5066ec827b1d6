// GET /api/profile: the customer's company profile (null before the first save).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../shared/schemas/profile";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const profileQueryKey = API.profile.key();

const getProfile = () => apiRequest<Profile | null>("GET", API.profile.path());

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
