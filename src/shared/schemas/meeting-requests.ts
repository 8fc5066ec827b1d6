// Meeting requests: the Request Meeting form, the admin's response, the list and the stats.
import { z } from "zod";
import { MEETING_REQUEST_STATUSES, MEETING_URGENCIES } from "../constants/meetings";
import { isMeetingLink, MEETING_LINK_MESSAGES, meetingLinkHref } from "./meeting-link";
import { pageQueryFields, pageSchema } from "./paging";
import { singleLineString } from "./text-fields";

export const MEETING_REQUEST_LIMITS = { subject: 200, description: 5_000, preferredDates: 500, adminNotes: 5_000 } as const;

export const MEETING_REQUEST_MESSAGES = {
  subjectRequired: "Subject is required",
  subjectTooLong: `Subject must be at most ${MEETING_REQUEST_LIMITS.subject} characters`,
  descriptionTooLong: `Description must be at most ${MEETING_REQUEST_LIMITS.description.toLocaleString("en-US")} characters`,
  preferredDatesTooLong: `Preferred dates must be at most ${MEETING_REQUEST_LIMITS.preferredDates} characters`,
  urgencyRequired: "Please select urgency level",
  submitted: "Meeting request submitted",
  submittedDescription: "Your meeting request has been sent to the admin team.",
  statusRequired: "Please select a status",
  scheduledAtRequired: "Please choose the meeting time",
  scheduledAtInvalid: "Please enter a valid date and time",
  scheduledAtPast: "The meeting time must be in the future",
  linkRequired: MEETING_LINK_MESSAGES.required,
  linkInvalid: MEETING_LINK_MESSAGES.invalid,
  notesTooLong: `Admin notes must be at most ${MEETING_REQUEST_LIMITS.adminNotes.toLocaleString("en-US")} characters`,
  notFound: "Meeting request not found",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /api/projects/{id}/meeting-requests: subject, description, preferredDates, urgency. */
export const newMeetingRequestSchema = z.strictObject({
  subject: singleLineString({ required: MEETING_REQUEST_MESSAGES.subjectRequired })
    .trim()
    .min(1, MEETING_REQUEST_MESSAGES.subjectRequired)
    .max(MEETING_REQUEST_LIMITS.subject, MEETING_REQUEST_MESSAGES.subjectTooLong),
  description: optionalText(MEETING_REQUEST_LIMITS.description, MEETING_REQUEST_MESSAGES.descriptionTooLong),
  preferredDates: optionalText(MEETING_REQUEST_LIMITS.preferredDates, MEETING_REQUEST_MESSAGES.preferredDatesTooLong),
  urgency: z.enum(MEETING_URGENCIES, { error: MEETING_REQUEST_MESSAGES.urgencyRequired }),
});
export type NewMeetingRequestInput = z.input<typeof newMeetingRequestSchema>;

/**
 * PATCH /api/company/meeting-requests/{id}: status, meetingLink, scheduledAt (ISO or null), adminNotes. Any status may
 * be set, in any order; a scheduled meeting needs a time and a link, since the requester is sent a calendar invitation for it.
 */
export const meetingResponseSchema = z
  .strictObject({
    status: z.enum(MEETING_REQUEST_STATUSES, { error: MEETING_REQUEST_MESSAGES.statusRequired }),
    meetingLink: z
      .string()
      .refine((value) => isMeetingLink(value.trim()) || !value.trim(), MEETING_REQUEST_MESSAGES.linkInvalid)
      .trim()
      .max(500, MEETING_REQUEST_MESSAGES.linkInvalid)
      .nullish()
      .transform((value) => (value ? value : null)),
    scheduledAt: z
      .string()
      .max(64)
      .nullish()
      .transform((value) => (value ? value : null)),
    adminNotes: optionalText(MEETING_REQUEST_LIMITS.adminNotes, MEETING_REQUEST_MESSAGES.notesTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.meetingLink && !isMeetingLink(value.meetingLink)) {
      ctx.addIssue({ code: "custom", path: ["meetingLink"], message: MEETING_REQUEST_MESSAGES.linkInvalid });
    }
    if (value.scheduledAt && !z.iso.datetime({ offset: true }).safeParse(value.scheduledAt).success) {
      ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: MEETING_REQUEST_MESSAGES.scheduledAtInvalid });
    }
    if (value.status === "scheduled") {
      if (!value.scheduledAt) {
        ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: MEETING_REQUEST_MESSAGES.scheduledAtRequired });
      }
      if (!value.meetingLink) {
        ctx.addIssue({ code: "custom", path: ["meetingLink"], message: MEETING_REQUEST_MESSAGES.linkRequired });
      }
    }
  })
  .transform((value) => ({ ...value, meetingLink: value.meetingLink ? meetingLinkHref(value.meetingLink) : null }));
export type MeetingResponseInput = z.input<typeof meetingResponseSchema>;

export const meetingRequestSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  subject: z.string(),
  description: z.string().nullable(),
  preferredDates: z.string().nullable(),
  urgency: z.enum(MEETING_URGENCIES),
  status: z.enum(MEETING_REQUEST_STATUSES),
  requestedByRole: z.string(),
  requestedByName: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  meetingLink: z.string().nullable(),
  adminNotes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MeetingRequest = z.infer<typeof meetingRequestSchema>;

export const MEETING_REQUESTS_PAGE_SIZE = 10;
/** GET /api/projects/{id}/meeting-requests: a project's requests, newest first, paged. */
export const meetingRequestsQuerySchema = z.strictObject(pageQueryFields(MEETING_REQUESTS_PAGE_SIZE));
export const meetingRequestPageSchema = pageSchema(meetingRequestSchema);
export type MeetingRequestPage = z.infer<typeof meetingRequestPageSchema>;

export const meetingRequestStatsSchema = z.object({
  totalRequests: z.number(),
  scheduledRequests: z.number(),
  pendingRequests: z.number(),
  completedRequests: z.number(),
});
export type MeetingRequestStats = z.infer<typeof meetingRequestStatsSchema>;

/** GET /api/meeting-requests/stats: one project's counts; without projectId, over all the caller's projects. */
export const meetingRequestStatsQuerySchema = z.strictObject({ projectId: z.string().max(64).optional() });

export const companyMeetingRequestsQuerySchema = z.strictObject({
  status: z.enum([...MEETING_REQUEST_STATUSES, "all"]).default("all"),
  urgency: z.enum([...MEETING_URGENCIES, "all"]).default("all"),
  projectId: z.string().max(64).optional(),
  /** "overdue": only pending requests past their urgency's window (shared/domain/service-levels.ts). */
  due: z.enum(["all", "overdue"]).default("all"),
  ...pageQueryFields(20),
});
export type CompanyMeetingRequestsQuery = z.input<typeof companyMeetingRequestsQuerySchema>;

export const companyMeetingRequestSchema = meetingRequestSchema.extend({
  requesterEmail: z.string().nullable(),
  /** Still pending past its urgency's window. */
  overdue: z.boolean(),
  project: z.object({
    id: z.string(),
    projectCode: z.string(),
    projectName: z.string().nullable(),
    customerName: z.string().nullable(),
  }),
});
export type CompanyMeetingRequest = z.infer<typeof companyMeetingRequestSchema>;

export const companyMeetingRequestPageSchema = pageSchema(companyMeetingRequestSchema);
export type CompanyMeetingRequestPage = z.infer<typeof companyMeetingRequestPageSchema>;
