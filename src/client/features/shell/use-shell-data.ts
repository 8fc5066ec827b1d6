// The data the signed-in shell shows on every page: the profile (names) and the current project.
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../../lib/api";

export type ShellProfile = { fullName: string | null; company: string | null } | null;
export type ShellProject = { id: string; projectCode: string; packageType: string; status: string; prototypeUrl: string | null };

export function useShellData(enabled: boolean) {
  const profile = useQuery<ShellProfile>({
    queryKey: ["/api/profile"],
    queryFn: getQueryFn<ShellProfile>({ on401: "returnNull" }),
    enabled,
    retry: false,
  });
  const projects = useQuery<ShellProject[] | null>({
    queryKey: ["/api/projects"],
    queryFn: getQueryFn<ShellProject[] | null>({ on401: "returnNull" }),
    enabled,
    retry: false,
  });
  return { profile: profile.data ?? null, currentProject: projects.data?.[0] ?? null };
}
