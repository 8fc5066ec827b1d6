// The context attached to a feedback item (what Marker.io calls "environment"): the prototype page when known,
// browser, OS (read by the server from the user agent), viewport, time and the prototype's recent console errors.
import type { FeedbackContextInput } from "../../../shared/schemas/feedback";
import { viewerTimeZone } from "../../lib/date-time";
import type { BridgeState } from "./use-prototype-bridge";

export function captureFeedbackContext(bridge: BridgeState | null, prototypeUrl: string | null): FeedbackContextInput {
  let timezone: string | null = null;
  try {
    timezone = viewerTimeZone() ?? null;
  } catch {
    timezone = null;
  }
  return {
    pageUrl: bridge?.url ?? prototypeUrl,
    userAgent: navigator.userAgent.slice(0, 512),
    viewport: { width: Math.round(window.innerWidth), height: Math.round(window.innerHeight) },
    capturedAt: new Date().toISOString(),
    timezone,
    consoleErrors: bridge?.errors ?? [],
  };
}
