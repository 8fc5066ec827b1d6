// POST /api/profile: saves the profile; projects, activity and notifications change with it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile, ProfileFormOutput } from "../../../../shared/schemas/profile";
import { apiRequest } from "../../../lib/api";
import { activityQueryKey } from "../../dashboard/api/get-activity";
import { notificationsQueryKey } from "../../notifications/api/get-notifications";
import { projectsQueryKey } from "../../projects/api/get-projects";
import { profileQueryKey } from "./get-profile";

export const saveProfile = (values: ProfileFormOutput) => apiRequest<Profile>("POST", "/api/profile", values);

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      void queryClient.invalidateQueries({ queryKey: activityQueryKey });
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
  });
}
