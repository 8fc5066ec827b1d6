// The Submit Feedback form's values and rules: the shared feedbackFormSchema (the server checks the same texts and
// messages) plus the screenshot, checked here by size and by its magic bytes (never its name) before it is sent.
import { z } from "zod";
import { fileProblem, SCREENSHOT_RULE } from "../../../shared/files/file-check";
import { feedbackFormSchema } from "../../../shared/schemas/feedback";

export const feedbackDialogSchema = feedbackFormSchema.extend({
  /** A new image (chosen, pasted, dropped, or marked up), or null: none, or keep the stored one when editing. */
  screenshot: z
    .instanceof(Blob)
    .nullable()
    .superRefine(async (file, context) => {
      const problem = file ? await fileProblem(file, SCREENSHOT_RULE) : null;
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});
export type FeedbackDialogValues = z.infer<typeof feedbackDialogSchema>;

/** The server names the image `screenshotUrl` (the JSON body's field) or `screenshot` (the multipart part). */
export function dialogFieldErrors(fields: Record<string, string>): Record<string, string> {
  const { screenshotUrl, ...rest } = fields;
  return screenshotUrl && !rest.screenshot ? { ...rest, screenshot: screenshotUrl } : rest;
}
