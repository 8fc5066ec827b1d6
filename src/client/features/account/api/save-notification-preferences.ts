// PUT /api/me/notification-preferences: saves every kind's choice; the answer replaces the cached choices.
import { useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferences } from "../../../../shared/schemas/account";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { notificationPreferencesQueryKey } from "./get-notification-preferences";

const saveNotificationPreferences = (choices: NotificationPreferences) =>
  apiRequest<NotificationPreferences>("PUT", API.notificationPreferences.path(), choices);

export function useSaveNotificationPreferences(config: MutationConfig<typeof saveNotificationPreferences> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, saveNotificationPreferences, (saved) =>
      queryClient.setQueryData(notificationPreferencesQueryKey, saved),
    ),
  );
}
