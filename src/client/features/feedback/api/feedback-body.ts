// The multipart body that create-feedback and update-feedback send when there is an image: the fields as text,
// `context` as JSON text and the image as the file part `screenshot` (the server also takes a JSON body with the image inline as a data URL).
import type { FeedbackContextInput } from "../../../../shared/schemas/feedback";

export function feedbackFormData(
  fields: Record<string, string | null | undefined>,
  screenshot: Blob,
  context?: FeedbackContextInput,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.set(key, value);
  if (context) form.set("context", JSON.stringify(context));
  const extension = screenshot.type.split("/")[1]?.replace("jpeg", "jpg") || "png";
  form.set("screenshot", screenshot, `screenshot.${extension}`);
  return form;
}
