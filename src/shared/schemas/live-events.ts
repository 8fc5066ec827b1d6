// What the live-updates stream (GET /api/events, Server-Sent Events) tells a tab: something changed; the tab then
// refetches the queries it names. Events carry ids only, never content, so a dropped event costs one poll at most.
import { z } from "zod";

export const LIVE_EVENT_TYPES = ["communication", "meeting-request", "notification"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  projectId: z.string().optional(),
  /** The thread (communication) or the meeting request that changed. */
  subjectId: z.string().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
