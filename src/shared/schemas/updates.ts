// Progress updates: the company tells a project's people how the build is going (issue 28, part 2). A summary
// (Markdown), a health, optional next steps and up to four images; the customer's dashboard shows the latest, the
// history is one click away, and each arrives live and by email (the "updates" notification kind).
import { z } from "zod";
import { pageQueryFields, pageSchema } from "./paging";

export const UPDATE_SUMMARY_MAX = 5000;
export const UPDATE_NEXT_STEPS_MAX = 2000;
export const UPDATE_IMAGES_MAX = 4;

export const UPDATE_HEALTHS = ["on_track", "at_risk", "blocked"] as const;
export type UpdateHealth = (typeof UPDATE_HEALTHS)[number];

/** Each health's label and badge tone, as the dashboard, the console and the email name it. */
export const UPDATE_HEALTH_LABELS: Record<UpdateHealth, { label: string; tone: "success" | "warning" | "danger" }> = {
  on_track: { label: "On track", tone: "success" },
  at_risk: { label: "At risk", tone: "warning" },
  blocked: { label: "Blocked", tone: "danger" },
};

export const healthLabel = (health: UpdateHealth) => UPDATE_HEALTH_LABELS[health].label;

export const UPDATE_MESSAGES = {
  summaryRequired: "Please write the update: what changed since the last one",
  summaryTooLong: `Please keep the summary under ${UPDATE_SUMMARY_MAX.toLocaleString("en-US")} characters`,
  healthInvalid: "Choose the project's health: On track, At risk or Blocked",
  nextStepsTooLong: `Please keep the next steps under ${UPDATE_NEXT_STEPS_MAX.toLocaleString("en-US")} characters`,
  tooManyImages: `Attach at most ${UPDATE_IMAGES_MAX} images`,
  posted: "Update posted",
  nothingToDraft: "Nothing new on this project since the last update: write the summary yourself.",
} as const;

/** POST /api/company/projects/{id}/updates: the text fields (JSON, or the same fields in multipart with images). */
export const postUpdateSchema = z.strictObject({
  summary: z
    .string({ error: UPDATE_MESSAGES.summaryRequired })
    .trim()
    .min(1, UPDATE_MESSAGES.summaryRequired)
    .max(UPDATE_SUMMARY_MAX, UPDATE_MESSAGES.summaryTooLong),
  health: z.enum(UPDATE_HEALTHS, { error: UPDATE_MESSAGES.healthInvalid }),
  nextSteps: z
    .string()
    .trim()
    .max(UPDATE_NEXT_STEPS_MAX, UPDATE_MESSAGES.nextStepsTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type PostUpdateInput = z.input<typeof postUpdateSchema>;
export type PostUpdateBody = z.output<typeof postUpdateSchema>;

export const updateImageSchema = z.object({ url: z.string(), contentType: z.string() });

export const projectUpdateSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  summary: z.string(),
  health: z.enum(UPDATE_HEALTHS),
  nextSteps: z.string().nullable(),
  images: z.array(updateImageSchema),
  author: z.object({ name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

export const UPDATES_PAGE_SIZE = 10;
export const updatesQuerySchema = z.strictObject(pageQueryFields(UPDATES_PAGE_SIZE));
export const updatePageSchema = pageSchema(projectUpdateSchema);
export type UpdatePage = z.infer<typeof updatePageSchema>;

/** GET /api/company/projects/{id}/updates/draft: a summary written from the activity since the last update. */
export const updateDraftSchema = z.object({
  summary: z.string(),
  /** The last update's time (the draft covers what happened after it), or null: since the project began. */
  since: z.string().nullable(),
  /** How many things the draft lists; 0: nothing new. */
  items: z.number(),
});
export type UpdateDraft = z.infer<typeof updateDraftSchema>;
