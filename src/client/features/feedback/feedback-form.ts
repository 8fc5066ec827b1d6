// The Submit Feedback form's values and rules: the shared feedbackFormSchema (the server checks the same texts and
// messages) plus the screenshot, checked here by size and by its magic bytes (never its name) before it is sent.
import { z } from "zod";
import { MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { detectFileType } from "../../../shared/files/detect-file-type";
import { FEEDBACK_MESSAGES, feedbackFormSchema } from "../../../shared/schemas/feedback";

/** Why this file cannot be a screenshot, or null when it can. */
export async function screenshotProblem(file: Blob): Promise<string | null> {
  if (file.size > MAX_SCREENSHOT_BYTES) return FEEDBACK_MESSAGES.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  return detectFileType(head)?.category === "image" ? null : FEEDBACK_MESSAGES.notAnImage;
}

export const feedbackDialogSchema = feedbackFormSchema.extend({
  /** A new image (chosen, pasted, dropped, or marked up), or null: none, or keep the stored one when editing. */
  screenshot: z
    .instanceof(Blob)
    .nullable()
    .superRefine(async (file, context) => {
      const problem = file ? await screenshotProblem(file) : null;
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});
export type FeedbackDialogValues = z.infer<typeof feedbackDialogSchema>;

/** The server names the image `screenshotUrl` (the spec's JSON field) or `screenshot` (the multipart part). */
export function dialogFieldErrors(fields: Record<string, string>): Record<string, string> {
  const { screenshotUrl, ...rest } = fields;
  return screenshotUrl && !rest.screenshot ? { ...rest, screenshot: screenshotUrl } : rest;
}
