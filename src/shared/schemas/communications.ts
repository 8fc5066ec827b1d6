// Communications: the New Communication form, replies, and the threads the API answers.
import { z } from "zod";
import { MEETING_TIME_GRACE_MS } from "../constants/meetings";
import { meetingLinkHref, meetingLinkSchema } from "./meeting-link";
import { pageQueryFields, pageSchema } from "./paging";
import { singleLineString } from "./text-fields";

export const COMMUNICATION_TYPES = ["message", "meeting"] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

export const COMMUNICATION_LIMITS = { subject: 200, content: 10_000 } as const;

export const COMMUNICATION_MESSAGES = {
  typeRequired: "Please choose message or meeting",
  subjectRequired: "Subject is required",
  subjectTooLong: `Subject must be at most ${COMMUNICATION_LIMITS.subject} characters`,
  contentRequired: "Content is required",
  contentTooLong: `Content must be at most ${COMMUNICATION_LIMITS.content.toLocaleString("en-US")} characters`,
  scheduledForRequired: "Please choose the meeting date and time",
  scheduledForPast: "The meeting time must be in the future",
  sent: "Communication sent successfully",
  replySent: "Reply sent",
  viewOnly: "Your access level lets you read this project's communications but not post.",
  notFound: "Communication not found",
} as const;

export { GENERAL_SUPPORT, GENERAL_THREADS, generalSupportPath, isGeneralScope } from "../constants/general-support";

const content = z
  .string({ error: COMMUNICATION_MESSAGES.contentRequired })
  .trim()
  .min(1, COMMUNICATION_MESSAGES.contentRequired)
  .max(COMMUNICATION_LIMITS.content, COMMUNICATION_MESSAGES.contentTooLong);

/** POST /api/projects/{id}/communications: type, subject, content, meetingUrl, scheduledFor (ISO or null). */
export const newCommunicationSchema = z
  .strictObject({
    type: z.enum(COMMUNICATION_TYPES, { error: COMMUNICATION_MESSAGES.typeRequired }),
    subject: singleLineString({ required: COMMUNICATION_MESSAGES.subjectRequired })
      .trim()
      .min(1, COMMUNICATION_MESSAGES.subjectRequired)
      .max(COMMUNICATION_LIMITS.subject, COMMUNICATION_MESSAGES.subjectTooLong),
    content,
    meetingUrl: z.string().max(500).nullish(),
    scheduledFor: z.string().max(64).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== "meeting") return;
    const link = meetingLinkSchema.safeParse(value.meetingUrl ?? "");
    if (!link.success) ctx.addIssue({ code: "custom", path: ["meetingUrl"], message: link.error.issues[0]?.message ?? "" });
    if (!value.scheduledFor) {
      ctx.addIssue({ code: "custom", path: ["scheduledFor"], message: COMMUNICATION_MESSAGES.scheduledForRequired });
      return;
    }
    const at = z.iso.datetime({ offset: true }).safeParse(value.scheduledFor);
    if (!at.success) {
      ctx.addIssue({ code: "custom", path: ["scheduledFor"], message: COMMUNICATION_MESSAGES.scheduledForRequired });
    } else if (new Date(value.scheduledFor).getTime() < Date.now() - MEETING_TIME_GRACE_MS) {
      ctx.addIssue({ code: "custom", path: ["scheduledFor"], message: COMMUNICATION_MESSAGES.scheduledForPast });
    }
  })
  .transform((value) => ({
    ...value,
    meetingUrl: value.type === "meeting" && value.meetingUrl ? meetingLinkHref(value.meetingUrl) : null,
  }));
export type NewCommunicationInput = z.input<typeof newCommunicationSchema>;

export const newReplySchema = z.strictObject({ content });
export type NewReplyInput = z.input<typeof newReplySchema>;

export const communicationReplySchema = z.object({
  id: z.string(),
  content: z.string(),
  fromCompany: z.boolean(),
  authorName: z.string(),
  /** "email" when it arrived as a reply to a notification email. */
  source: z.enum(["portal", "email"]),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type CommunicationReply = z.infer<typeof communicationReplySchema>;

/** The newest replies a thread view carries (replyCount says how many in all); the older ones come a page at a time. */
export const THREAD_REPLY_PREVIEW = 10;

/** GET /api/projects/{id}/communications/{communicationId}/replies: a thread's replies, latest first, paged. */
export const threadRepliesQuerySchema = z.strictObject(pageQueryFields(THREAD_REPLY_PREVIEW));
export const communicationReplyPageSchema = pageSchema(communicationReplySchema);
export type CommunicationReplyPage = z.infer<typeof communicationReplyPageSchema>;

export const communicationSchema = z.object({
  id: z.string(),
  /** Null for a general support thread. */
  projectId: z.string().nullable(),
  type: z.enum(COMMUNICATION_TYPES),
  subject: z.string(),
  content: z.string(),
  meetingUrl: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  meetingRequestId: z.string().nullable(),
  fromCompany: z.boolean(),
  authorName: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** Every reply in the thread; `replies` holds only the newest THREAD_REPLY_PREVIEW of them. */
  replyCount: z.number(),
  /** Messages in the thread (the first or a reply) written by someone else since the caller last read it. */
  unreadCount: z.number(),
  /** The newest replies (at most THREAD_REPLY_PREVIEW), oldest first. */
  replies: z.array(communicationReplySchema),
});
export type Communication = z.infer<typeof communicationSchema>;

/**
 * The conversation's views: every thread, newest activity first, or the meetings with a time (Scheduled Meetings),
 * earliest first.
 */
export const THREAD_VIEWS = ["all", "meetings"] as const;
export type ThreadView = (typeof THREAD_VIEWS)[number];
export const THREADS_PAGE_SIZE = 20;

/** GET /api/projects/{id}/communications: a project's (or the caller's general support) threads, paged. */
export const communicationsQuerySchema = z.strictObject({
  show: z.enum(THREAD_VIEWS).default("all"),
  ...pageQueryFields(THREADS_PAGE_SIZE),
});
export type CommunicationsQuery = z.input<typeof communicationsQuerySchema>;
export const communicationPageSchema = pageSchema(communicationSchema);
export type CommunicationPage = z.infer<typeof communicationPageSchema>;

export const projectRefSchema = z.object({
  id: z.string(),
  projectCode: z.string(),
  projectName: z.string().nullable(),
  customerName: z.string().nullable(),
});

/**
 * The company inbox's views: every thread, those with customer messages no admin has read, those whose last message is
 * the customer's ("waiting for us"), and those waiting past the service level (shared/domain/service-levels.ts).
 */
export const INBOX_VIEWS = ["all", "unread", "waiting", "overdue"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** GET /api/company/communications: every project's threads, newest activity first, paged. */
export const companyCommunicationsQuerySchema = z.strictObject({
  /** One project's threads, or GENERAL_THREADS for the general support threads. */
  projectId: z.string().max(64).optional(),
  show: z.enum(INBOX_VIEWS).default("all"),
  /** The older spelling of `show=unread`. */
  unread: z.enum(["true", "false"]).optional(),
  ...pageQueryFields(20),
});
export type CompanyCommunicationsQuery = z.input<typeof companyCommunicationsQuerySchema>;

/** The customer a thread is with: the project's owner, or a general support thread's customer. */
export const threadCustomerSchema = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });

export const companyCommunicationSchema = communicationSchema.extend({
  /** Null for a general support thread (then `customer` says whose it is). */
  project: projectRefSchema.nullable(),
  customer: threadCustomerSchema,
  /** A customer message in it that no company admin has read yet (the company's shared marker). */
  companyUnread: z.boolean(),
  /** The last message is the customer's. */
  waitingForUs: z.boolean(),
  /** The oldest customer message still unanswered (null when not waiting for us). */
  waitingSince: z.string().nullable(),
  /** Waiting for us longer than the service level allows. */
  overdue: z.boolean(),
});
export type CompanyCommunication = z.infer<typeof companyCommunicationSchema>;

export const companyCommunicationPageSchema = pageSchema(companyCommunicationSchema).extend({
  /** Counted over the project filter (every project without one), whatever the view. */
  unreadThreads: z.number(),
  waitingThreads: z.number(),
  overdueThreads: z.number(),
});
export type CompanyCommunicationPage = z.infer<typeof companyCommunicationPageSchema>;

/** GET /api/company/service-levels: what is overdue now, for the console's header. */
export const serviceLevelCountsSchema = z.object({ overdueThreads: z.number(), overdueMeetingRequests: z.number() });
export type ServiceLevelCounts = z.infer<typeof serviceLevelCountsSchema>;

/** Scheduled Meetings: meetings with a time, earliest first. */
export function scheduledMeetings<T extends Pick<Communication, "type" | "scheduledFor">>(items: readonly T[]): T[] {
  return items
    .filter((item) => item.type === "meeting" && item.scheduledFor)
    .sort((a, b) => new Date(a.scheduledFor ?? 0).getTime() - new Date(b.scheduledFor ?? 0).getTime());
}
