// One live-updates stream per signed-in tab (GET /api/events): each 'change' event names the change tags of rows the
// user may see, and the queries they make stale are refetched (refresh-by-tag.ts, loaded with the first event).
// EventSource reconnects by itself; while the stream is down the pages' fallback polling takes over, and once it is
// back every query is refreshed: what changed meanwhile was announced to no one.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { LIVE_EVENT_NAME } from "../../../shared/constants/live";
import { API } from "../../lib/api-paths";
import { setLiveConnected } from "../../lib/live-status";
import { refreshTags, registerTagMap } from "../../lib/tag-refresh";

// The one tag map is loaded when first needed: by the first live event or the first write a mutation owner refreshes.
registerTagMap(() => import("./refresh-by-tag").then((map) => map.queriesToRefresh));

/** Gives up on the stream after this many refused opens in a row (e.g. 429: too many tabs) until the page reloads. */
const MAX_FAILED_OPENS = 5;
const REOPEN_DELAY_MS = 15_000;

export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let failures = 0;
    let openedBefore = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    // The schema (and with it zod) and the tag map (which names every feature's query keys, so imports their owners)
    // load with the first event, not with every signed-in page.
    const onChange = (message: Event) => {
      const data = (message as MessageEvent<string>).data;
      import("../../../shared/schemas/live-events")
        .then(({ liveEventSchema }) => {
          const parsed = liveEventSchema.safeParse(JSON.parse(data));
          if (parsed.success) void refreshTags(queryClient, parsed.data.tags);
        })
        .catch(() => {
          // an unreadable event changes nothing; the next poll or event catches up
        });
    };
    const open = () => {
      source = new EventSource(API.events.path(), { withCredentials: true });
      source.onopen = () => {
        failures = 0;
        setLiveConnected(true);
        if (openedBefore) void queryClient.invalidateQueries();
        openedBefore = true;
      };
      source.onerror = () => {
        setLiveConnected(false);
        // A refused stream (401, 429) is closed for good by the browser: try again later, a few times.
        if (source?.readyState === EventSource.CLOSED && ++failures < MAX_FAILED_OPENS) {
          retry = setTimeout(open, REOPEN_DELAY_MS * failures);
        }
      };
      source.addEventListener(LIVE_EVENT_NAME, onChange);
    };
    open();
    return () => {
      if (retry) clearTimeout(retry);
      source?.close();
      setLiveConnected(false);
    };
  }, [enabled, queryClient]);
}
