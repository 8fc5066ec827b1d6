import { describe, expect, it } from "vitest";
import { MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import { dialogFieldErrors, feedbackDialogSchema } from "./feedback-form";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const TEXTS = {
  feedbackType: "error",
  issueFaced: "The Save button does nothing on the second click.",
  changeDescription: "Saving should work every time and say so.",
};

async function screenshotMessage(screenshot: Blob | null): Promise<string | undefined> {
  const result = await feedbackDialogSchema.safeParseAsync({ ...TEXTS, screenshot });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === "screenshot")?.message;
}

describe("the Submit Feedback form's screenshot rule", () => {
  it("takes no screenshot, or an image by its bytes whatever its declared type", async () => {
    expect(await screenshotMessage(null)).toBeUndefined();
    expect(await screenshotMessage(new Blob([new Uint8Array(PNG_HEAD)], { type: "text/plain" }))).toBeUndefined();
  });

  it("refuses a renamed non-image and an image over 5 MB with the shared messages", async () => {
    const html = new Blob(["<!doctype html><script>alert(1)</script>"], { type: "image/png" });
    expect(await screenshotMessage(html)).toBe(FEEDBACK_MESSAGES.notAnImage);
    const large = new Blob([new Uint8Array(PNG_HEAD), new Uint8Array(MAX_SCREENSHOT_BYTES)], { type: "image/png" });
    expect(await screenshotMessage(large)).toBe(FEEDBACK_MESSAGES.imageTooLarge);
  });

  it("puts the server's image message (screenshotUrl) on the screenshot field", () => {
    expect(dialogFieldErrors({ screenshotUrl: "Image size must be less than 5MB", issueFaced: "x" })).toEqual({
      screenshot: "Image size must be less than 5MB",
      issueFaced: "x",
    });
  });
});
