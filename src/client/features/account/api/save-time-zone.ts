// PUT /api/me/time-zone: the viewer's time zone. The answer goes straight into the current user (GET /api/auth/user's
// cache), which re-renders every screen in the new zone (lib/date-time.ts reads it through useViewerTimeZone).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isTimeZone } from "../../../../shared/domain/time-zones";
import type { CurrentUser } from "../../../../shared/schemas/auth";
import type { TimeZoneReply } from "../../../../shared/schemas/time-zone";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { browserTimeZone, setViewerTimeZone, viewerTimeZone } from "../../../lib/date-time";
import { currentUserQueryKey, type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const saveTimeZone = (timeZone: string) => apiRequest<TimeZoneReply>("PUT", API.timeZone.path(), { timeZone });

export function useSaveTimeZone(config: MutationConfig<typeof saveTimeZone> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, saveTimeZone, (saved) =>
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, timeZone: saved.timeZone } : user,
      ),
    ),
  );
}

/** The users whose zone this page has already stored from the browser (once each, StrictMode or not). */
const storedFromBrowser = new Set<string>();

/**
 * The signed-in app's clock: every date is worded in the user's stored zone (the browser's until one is stored), and
 * the first time the app loads for a user without one, the browser's zone is stored. Answers the zone in use.
 */
export function useViewerTimeZone(user: CurrentUser | null): string {
  setViewerTimeZone(user?.timeZone);
  const { mutate } = useSaveTimeZone();
  const userWithoutZone = user && !user.timeZone ? user.id : null;
  useEffect(() => {
    if (!userWithoutZone || storedFromBrowser.has(userWithoutZone)) return;
    const zone = browserTimeZone();
    if (!isTimeZone(zone)) return;
    storedFromBrowser.add(userWithoutZone);
    mutate(zone);
  }, [userWithoutZone, mutate]);
  return viewerTimeZone();
}
