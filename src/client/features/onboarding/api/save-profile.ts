// POST /api/profile: saves the profile; projects, activity and notifications change with it.
import { useQueryClient } from "@tanstack/react-query";
import type { Profile, ProfileFormOutput } from "../../../../shared/schemas/profile";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { ownRowTag, refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";
import { profileQueryKey } from "./get-profile";

export const saveProfile = (values: ProfileFormOutput) => apiRequest<Profile>("POST", API.profile.path(), values);

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: saveProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void refreshTags(queryClient, [
        ownRowTag(queryClient, "profiles", "user_id"),
        ownRowTag(queryClient, "activity_events", "user_id"),
      ]);
    },
  });
}
