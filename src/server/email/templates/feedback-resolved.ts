// A feedback item the company marked fixed in a published version, or won't fix with its reason (issue 28, part 4).

import { projectTitle } from "../layout";
import { defineEmail } from "../template";
import { FEEDBACK_ITEM_EXAMPLE, type FeedbackItemData, feedbackItemLink, openFeedbackAction } from "./feedback-done";

type Data = FeedbackItemData & {
  resolution: "fixed" | "wont_fix";
  /** fixed: the version the fix shipped in. */
  versionNumber: number | null;
  /** won't fix: the company's reason. */
  reason: string | null;
};

export default defineEmail<Data>({
  subject: (data) =>
    data.resolution === "fixed"
      ? `Fixed in version ${data.versionNumber}: your feedback on ${data.project.projectCode}`
      : `Feedback on ${data.project.projectCode} will not be fixed`,
  link: feedbackItemLink,
  content: (data, link) =>
    data.resolution === "fixed"
      ? {
          heading: `Fixed in version ${data.versionNumber}`,
          paragraphs: [
            `Our team fixed your feedback on ${projectTitle(data.project)} in prototype version ${data.versionNumber}.`,
            `Issue: ${data.issue}`,
            "Please try it in the prototype, then confirm the fix or reopen the item if it still needs work.",
          ],
          action: { label: "Confirm or reopen", url: link },
        }
      : {
          heading: "We won't fix this item",
          paragraphs: [
            `Our team decided not to change this on ${projectTitle(data.project)}.`,
            `Issue: ${data.issue}`,
            `Reason: ${data.reason ?? ""}`,
            "If you disagree, reopen the item with what is still wrong and we will look at it again.",
          ],
          action: openFeedbackAction(link),
        },
  example: { ...FEEDBACK_ITEM_EXAMPLE, resolution: "fixed", versionNumber: 2, reason: null },
});
