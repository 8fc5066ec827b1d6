// Calendly: the external scheduled meeting, the /api/calendly/* calls, and the 'Calendly Connection Failed' message.
import { z } from "zod";
import { MEETING_DURATION_MINUTES } from "../constants/meetings";

export const CALENDLY_MESSAGES = {
  notConfigured: "Calendly is not configured: set CALENDLY_TOKEN (a Calendly personal access token) on the server.",
  unauthorized: "Calendly rejected the access token (401 Unauthorized). Check CALENDLY_TOKEN.",
  forbidden: "The Calendly token may not read the organization's scheduled events (403). Use an owner or admin's token.",
  rateLimited: "Calendly is rate limiting requests. Please try again shortly.",
  timeout: "Calendly did not answer in time. Please try again.",
  unreachable: "Calendly could not be reached. Please try again.",
  unexpected: "Calendly answered with something unexpected.",
  connectionFailedTitle: "Calendly Connection Failed",
  testFailedTitle: "Test Failed",
  testFailed: "Could not test Calendly connection",
} as const;

export const DEFAULT_EXTERNAL_MEETING_MINUTES = MEETING_DURATION_MINUTES;

export const externalMeetingSchema = z.object({
  uri: z.string(),
  name: z.string(),
  status: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  event_type: z.object({ uri: z.string().nullable(), duration: z.number() }),
  invitees: z.array(z.object({ name: z.string(), email: z.string() })),
  location: z.object({ type: z.string().nullable(), join_url: z.string().nullable() }).nullable(),
});
export type ExternalMeeting = z.infer<typeof externalMeetingSchema>;

export const calendlyUserSchema = z.object({
  uri: z.string(),
  name: z.string(),
  email: z.string(),
  schedulingUrl: z.string().nullable(),
  organization: z.string(),
});

export const calendlyTestSchema = z.object({
  success: z.boolean(),
  configured: z.boolean(),
  user: calendlyUserSchema.optional(),
  error: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
});
export type CalendlyTestResult = z.infer<typeof calendlyTestSchema>;

export const calendlyUpcomingSchema = z.object({
  success: z.boolean(),
  configured: z.boolean(),
  meetings: z.array(externalMeetingSchema),
  error: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
  fetchedAt: z.string().optional(),
});
export type CalendlyUpcomingResult = z.infer<typeof calendlyUpcomingSchema>;
