// The Submit Feedback form's values and rules: the shared feedbackFormSchema (the server checks the same texts and
// messages) plus the screenshot, checked here by size and by its magic bytes (never its name) before it is sent.
import { z } from "zod";
import { FILE_MESSAGES, MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { detectFileType } from "../../../shared/files/detect-file-type";
import { hasTooManyPixels } from "../../../shared/files/image-dimensions";
import { FEEDBACK_MESSAGES, feedbackFormSchema } from "../../../shared/schemas/feedback";

/** Why this file cannot be a screenshot, or null when it can. */
export async function screenshotProblem(file: Blob): Promise<string | null> {
  if (file.size > MAX_SCREENSHOT_BYTES) return FEEDBACK_MESSAGES.imageTooLarge;
  // A JPEG's frame header can follow large metadata segments: read enough of the file to reach it.
  const head = new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer());
  if (detectFileType(head)?.category !== "image") return FEEDBACK_MESSAGES.notAnImage;
  return hasTooManyPixels(head) ? FILE_MESSAGES.tooManyPixels : null;
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
