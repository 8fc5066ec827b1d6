// Feedback: the Submit Feedback form, the calls' bodies and the item the lists answer.
import { z } from "zod";
import { FILE_MESSAGES } from "../constants/files";
import { pageQueryFields, pageSchema } from "./paging";
import { singleLineString } from "./text-fields";

export const FEEDBACK_TYPES = ["error", "enhancement"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_STATUSES = ["pending", "done"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = { error: "Error", enhancement: "Enhancement" };
export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = { pending: "Pending", done: "Done" };

export const FEEDBACK_MESSAGES = {
  typeRequired: "Please select feedback type",
  issueTooShort: "Please describe the issue (at least 10 characters)",
  changeTooShort: "Please describe the change needed (at least 10 characters)",
  imageTooLarge: FILE_MESSAGES.imageTooLarge,
  notAnImage: FILE_MESSAGES.notAnImage,
  screenshotHint: "PNG, JPG up to 5MB",
  submitted: "Feedback submitted successfully",
  updated: "Feedback updated successfully",
  submitFailed: "Failed to submit feedback",
  locked: "Our team has reviewed this feedback, so it can no longer be edited.",
  notYours: "You can edit only the feedback you sent.",
  onlyCompanyRemovesScreenshot: "Only our team can remove a screenshot.",
  notFound: "Feedback not found",
  screenshotNotImageData: "The screenshot must be an image (PNG, JPG, WebP or GIF)",
  roundNothingDone: "Mark at least one item of this round as done before closing it.",
  roundsUsedUp: "All feedback rounds of this project's package are used.",
  resolutionRequired: "Choose fixed in a version or won't fix",
  versionRequired: "Choose the version that fixes it",
  versionNotPublished: (n: number) => `Version ${n} of this project is not published`,
  versionBeforeReport: (n: number, reported: number) =>
    `Version ${n} is older than version ${reported}, which this item was reported against`,
  wontFixReasonRequired: "Please say why it won't be fixed",
  reopenReasonRequired: "Please say what is still wrong",
  reasonTooLong: `Please keep the reason under 2000 characters`,
  notVerifiable: "Only the person who reported it, the project owner or a project admin can confirm or reopen this item.",
  onlyFixedConfirmed: "Only an item marked fixed can be confirmed.",
  alreadyConfirmed: "This fix is already confirmed.",
  alreadyOpen: "This item is already open.",
} as const;

const TEXT_MAX = 5000;
const REASON_MAX = 2000;

/** How the company closes an item: fixed in a published version, or won't fix (with a reason). */
export const FEEDBACK_RESOLUTIONS = ["fixed", "wont_fix"] as const;
export type FeedbackResolution = (typeof FEEDBACK_RESOLUTIONS)[number];

/** The events of an item's history, in the order they happen. */
export const FEEDBACK_EVENT_KINDS = ["reported", "answered", "fixed", "wont_fix", "confirmed", "reopened"] as const;
export type FeedbackEventKind = (typeof FEEDBACK_EVENT_KINDS)[number];

export const feedbackHistoryEventSchema = z.object({
  kind: z.enum(FEEDBACK_EVENT_KINDS),
  /** ISO instant. */
  at: z.string(),
  /** Who did it, as they were named at the time. */
  actorName: z.string().nullable(),
  byCompany: z.boolean(),
  /** reported: the version in the viewer; fixed: the version the fix shipped in. */
  versionNumber: z.number().nullable(),
  /** The round the item was in (reopened: the round it returned to). */
  round: z.number().nullable(),
  /** answered: the reply; won't fix and reopened: the reason. */
  note: z.string().nullable(),
  /** The item's status after the event. */
  status: z.enum(FEEDBACK_STATUSES),
});
export type FeedbackHistoryEvent = z.infer<typeof feedbackHistoryEventSchema>;

/** One history line in words: "Fixed in version 2", "Won't fix", "Reopened"... */
export function feedbackEventLabel(event: Pick<FeedbackHistoryEvent, "kind" | "versionNumber" | "status">): string {
  switch (event.kind) {
    case "reported":
      return event.versionNumber === null ? "Reported" : `Reported on version ${event.versionNumber}`;
    case "answered":
      return event.status === "done" ? "Answered and marked done" : "Answered";
    case "fixed":
      return `Fixed in version ${event.versionNumber}`;
    case "wont_fix":
      return "Won't fix";
    case "confirmed":
      return "Fix confirmed";
    case "reopened":
      return "Reopened";
  }
}

/** Who may confirm a fix or reopen an item: the owner and admin members any item, user members their own. */
export function feedbackVerifiableBy(
  item: { authorId: string | null },
  caller: { userId: string; accessLevel: string },
): boolean {
  if (caller.accessLevel === "owner" || caller.accessLevel === "admin") return true;
  return caller.accessLevel === "user" && item.authorId === caller.userId;
}

const reasonField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(REASON_MAX, FEEDBACK_MESSAGES.reasonTooLong);

/** POST /api/company/projects/{id}/feedback/{feedbackId}/resolution: fixed in version N, or won't fix with a reason. */
export const resolveFeedbackSchema = z
  .strictObject({
    resolution: z.enum(FEEDBACK_RESOLUTIONS, { error: FEEDBACK_MESSAGES.resolutionRequired }),
    versionNumber: z.number({ error: FEEDBACK_MESSAGES.versionRequired }).int().positive().max(100_000).nullish(),
    reason: z.string().max(REASON_MAX, FEEDBACK_MESSAGES.reasonTooLong).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.resolution === "fixed" && (value.versionNumber === null || value.versionNumber === undefined)) {
      ctx.addIssue({ code: "custom", path: ["versionNumber"], message: FEEDBACK_MESSAGES.versionRequired });
    }
    if (value.resolution === "wont_fix" && !value.reason?.trim()) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: FEEDBACK_MESSAGES.wontFixReasonRequired });
    }
  });
export type ResolveFeedbackInput = z.infer<typeof resolveFeedbackSchema>;

/** POST /api/projects/{id}/feedback/{feedbackId}/reopen. */
export const reopenFeedbackSchema = z.strictObject({ reason: reasonField(FEEDBACK_MESSAGES.reopenReasonRequired) });
export type ReopenFeedbackInput = z.infer<typeof reopenFeedbackSchema>;
/** The console's Won't fix dialog: the reason the resolution's rule requires. */
export const wontFixFormSchema = z.strictObject({ reason: reasonField(FEEDBACK_MESSAGES.wontFixReasonRequired) });

/** The fields a tester fills in; the form and the API share these rules and messages. */
export const feedbackFormSchema = z.object({
  feedbackType: z.enum(FEEDBACK_TYPES, { error: FEEDBACK_MESSAGES.typeRequired }),
  issueFaced: z
    .string({ error: FEEDBACK_MESSAGES.issueTooShort })
    .trim()
    .min(10, FEEDBACK_MESSAGES.issueTooShort)
    .max(TEXT_MAX, `Please keep the issue under ${TEXT_MAX} characters`),
  changeDescription: z
    .string({ error: FEEDBACK_MESSAGES.changeTooShort })
    .trim()
    .min(10, FEEDBACK_MESSAGES.changeTooShort)
    .max(TEXT_MAX, `Please keep the change under ${TEXT_MAX} characters`),
});
export type FeedbackFormValues = z.infer<typeof feedbackFormSchema>;

/** What the tester's browser knew when the item was sent; the bridge script adds the page and console errors. */
export const feedbackContextInputSchema = z.strictObject({
  pageUrl: singleLineString().max(2048).nullish(),
  userAgent: singleLineString().max(512).nullish(),
  viewport: z
    .strictObject({ width: z.number().int().min(0).max(100_000), height: z.number().int().min(0).max(100_000) })
    .nullish(),
  capturedAt: z.iso.datetime({ offset: true }).nullish(),
  timezone: singleLineString().max(64).nullish(),
  consoleErrors: z
    .array(z.strictObject({ message: z.string().max(1000), at: z.string().max(40).nullish() }))
    .max(20)
    .nullish(),
});
export type FeedbackContextInput = z.infer<typeof feedbackContextInputSchema>;

export const feedbackContextSchema = z.object({
  pageUrl: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  userAgent: z.string().nullable(),
  viewport: z.object({ width: z.number(), height: z.number() }).nullable(),
  capturedAt: z.string(),
  timezone: z.string().nullable(),
  consoleErrors: z.array(z.object({ message: z.string(), at: z.string().nullable() })),
});
export type FeedbackContext = z.infer<typeof feedbackContextSchema>;

/**
 * POST /api/projects/{id}/feedback as JSON (the screenshot inline as a data URL). The same fields
 * also come as multipart/form-data with the image as the file part `screenshot` and `context` as JSON text.
 * status and adminComment count only when a company admin sends them; projectId is taken from the path.
 */
export const createFeedbackSchema = feedbackFormSchema
  .extend({
    screenshotUrl: z.string().nullish(),
    adminComment: z.string().max(TEXT_MAX).nullish(),
    status: z.enum(FEEDBACK_STATUSES).nullish(),
    projectId: z.string().max(64).nullish(),
    context: feedbackContextInputSchema.nullish(),
  })
  .strict();
export type CreateFeedbackInput = z.infer<typeof createFeedbackSchema>;

/** PATCH: any subset. screenshotUrl null or "" removes the screenshot (company only); a data URL replaces it. */
export const updateFeedbackSchema = z.strictObject({
  feedbackType: feedbackFormSchema.shape.feedbackType.optional(),
  issueFaced: feedbackFormSchema.shape.issueFaced.optional(),
  changeDescription: feedbackFormSchema.shape.changeDescription.optional(),
  screenshotUrl: z.string().nullish(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
  adminComment: z.string().max(TEXT_MAX).nullish(),
  /** Sent by older clients; ignored: the server sets its own time. */
  adminUpdatedAt: z.string().max(64).nullish(),
  projectId: z.string().max(64).nullish(),
});
export type UpdateFeedbackInput = z.infer<typeof updateFeedbackSchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  feedbackType: z.enum(FEEDBACK_TYPES),
  status: z.enum(FEEDBACK_STATUSES),
  issueFaced: z.string(),
  changeDescription: z.string(),
  /** A portal URL (/api/files/{id}) or null. */
  screenshotUrl: z.string().nullable(),
  adminComment: z.string().nullable(),
  adminUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The feedback round (iteration) the item belongs to. */
  round: z.number(),
  /** The prototype version it was reported against (null: before the first version). */
  versionNumber: z.number().nullable(),
  context: feedbackContextSchema.nullable(),
  author: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  /** Whether the caller may still change type, texts and screenshot. */
  editable: z.boolean(),
  /** fixed (in fixedInVersion) or wont_fix; null while open or merely marked done. */
  resolution: z.enum(FEEDBACK_RESOLUTIONS).nullable(),
  fixedInVersion: z.number().nullable(),
  /** When the customer confirmed the fix. */
  confirmedAt: z.string().nullable(),
  /** Reported, answered, fixed in version N / won't fix, confirmed or reopened: every event, oldest first. */
  history: z.array(feedbackHistoryEventSchema),
  /** Whether the caller may confirm the fix or reopen the item (the reporter, the owner, an admin member). */
  verifiable: z.boolean(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const companyFeedbackItemSchema = feedbackItemSchema.extend({
  projectCode: z.string(),
  projectName: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type CompanyFeedbackItem = z.infer<typeof companyFeedbackItemSchema>;

export const FEEDBACK_PAGE_SIZE = 10;

const pageFields = pageQueryFields(FEEDBACK_PAGE_SIZE);

export const projectFeedbackQuerySchema = z.strictObject({
  status: z.enum([...FEEDBACK_STATUSES, "all"]).optional(),
  ...pageFields,
});
export type ProjectFeedbackQuery = z.infer<typeof projectFeedbackQuerySchema>;

export const companyFeedbackQuerySchema = z.strictObject({
  projectId: z.string().max(64).optional(),
  status: z.enum([...FEEDBACK_STATUSES, "all"]).optional(),
  type: z.enum([...FEEDBACK_TYPES, "all"]).optional(),
  ...pageFields,
});
export type CompanyFeedbackQuery = z.infer<typeof companyFeedbackQuerySchema>;

export const feedbackPageSchema = pageSchema(feedbackItemSchema);
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;
export const companyFeedbackPageSchema = pageSchema(companyFeedbackItemSchema);
export type CompanyFeedbackPage = z.infer<typeof companyFeedbackPageSchema>;

export const closeFeedbackRoundResultSchema = z.object({
  closedRound: z.number(),
  doneCount: z.number(),
  carriedOver: z.number(),
  iterationsUsed: z.number(),
  maxIterations: z.number(),
});
export type CloseFeedbackRoundResult = z.infer<typeof closeFeedbackRoundResultSchema>;

/** GET /api/projects/{id}/prototype/frame-check: whether the prototype's site lets the portal show it in a frame. */
export const prototypeFrameCheckSchema = z.object({
  reachable: z.boolean(),
  frameable: z.boolean(),
  reason: z.string().nullable(),
});
export type PrototypeFrameCheck = z.infer<typeof prototypeFrameCheckSchema>;
