// What the live-updates stream (GET /api/events, Server-Sent Events) tells a tab: the change tags of rows it may see
// (shared/live-tags.ts), the same the server's read caches are dropped by; the tab refreshes the queries each names.
// Tags carry table, column and id only, never content, so a dropped event costs one poll at most.
import { z } from "zod";

export const liveEventSchema = z.object({ tags: z.array(z.string().max(200)).max(1_000) });
export type LiveEvent = z.infer<typeof liveEventSchema>;
