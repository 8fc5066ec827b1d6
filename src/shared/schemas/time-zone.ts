// PUT /api/me/time-zone: the viewer's own time zone, an IANA name the server's runtime knows.
import { z } from "zod";
import { canonicalTimeZone, isTimeZone } from "../domain/time-zones";

export const TIME_ZONE_MESSAGES = {
  unknown: "Choose a time zone from the list",
  saved: "Time zone saved",
} as const;

export const timeZoneBodySchema = z.strictObject({
  // Stored by its current name: a legacy one ("Asia/Calcutta", as some browsers report it) becomes "Asia/Kolkata".
  timeZone: z
    .string({ error: TIME_ZONE_MESSAGES.unknown })
    .trim()
    .refine(isTimeZone, TIME_ZONE_MESSAGES.unknown)
    .transform(canonicalTimeZone),
});
export type TimeZoneBody = z.infer<typeof timeZoneBodySchema>;

export const timeZoneReplySchema = z.object({ timeZone: z.string() });
export type TimeZoneReply = z.infer<typeof timeZoneReplySchema>;
