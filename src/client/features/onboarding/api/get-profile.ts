// GET /api/profile: the customer's company profile (null before the first save).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../shared/schemas/profile";
import { apiRequest } from "../../../lib/api";

export const profileQueryKey = ["/api/profile"] as const;

const getProfile = () => apiRequest<Profile | null>("GET", "/api/profile");

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
