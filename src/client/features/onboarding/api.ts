// Onboarding data on the client: the profile, the project list, and the NDA calls (query keys shared with the shell).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SignatureMethod } from "../../../shared/schemas/nda";
import type { Profile, ProfileFormOutput } from "../../../shared/schemas/profile";
import type { Project } from "../../../shared/schemas/project";
import { apiRequest, getQueryFn } from "../../lib/api";
import { NOTIFICATIONS_KEY } from "../notifications/api";

export const PROFILE_KEY = ["/api/profile"] as const;
export const PROJECTS_KEY = ["/api/projects"] as const;
export const ACTIVITY_KEY = ["/api/dashboard/activity"] as const;

/** Part 2 §4: the prototype status view polls projects every 30 s, refetches on focus, and retries 3 times. */
export const PROJECT_POLL_MS = 30_000;
export const PROTOTYPE_STATUS_POLLING = { refetchInterval: PROJECT_POLL_MS, refetchOnWindowFocus: true, retry: 3 } as const;

export function useProfile() {
  return useQuery<Profile | null>({ queryKey: PROFILE_KEY, queryFn: getQueryFn<Profile | null>({ on401: "returnNull" }) });
}

export function useProjects(options: { poll?: boolean } = {}) {
  return useQuery<Project[]>({
    queryKey: PROJECTS_KEY,
    ...(options.poll ? PROTOTYPE_STATUS_POLLING : {}),
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileFormOutput) => apiRequest<Profile>("POST", "/api/profile", values),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

export type NdaReply = { success: boolean; message: string };

export function useSendNdaCode() {
  return useMutation({
    mutationFn: (input: { customerEmail: string; customerName: string; companyName: string }) =>
      apiRequest<NdaReply>("POST", "/api/nda/send-otp", input),
  });
}

export function useSignNda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { customerEmail: string; customerOtp: string; signature: string; signatureMethod: SignatureMethod }) =>
      apiRequest<NdaReply & { profile: Profile }>("POST", "/api/nda/verify-customer-otp", input),
    onSuccess: (reply) => {
      queryClient.setQueryData(PROFILE_KEY, reply.profile);
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

export const NDA_LINKS = {
  draft: "/api/nda/generate/draft",
  signed: "/api/nda/generate/signed",
  downloadSigned: "/api/nda/download/signed",
} as const;
