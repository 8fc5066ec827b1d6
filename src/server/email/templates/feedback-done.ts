// The customer's feedback marked done by the company.

import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

/** What every email about one feedback item carries (this one and feedback-resolved). */
export type FeedbackItemData = {
  project: { projectCode: string; projectName: string | null };
  /** The item itself, which the link opens (absent in emails queued before links named it). */
  itemId?: string;
  /** The issue as the customer wrote it, cut to 300 characters. */
  issue: string;
};

/** The item in the project's Testing & Feedback page. */
export const feedbackItemLink = (appUrl: string, data: FeedbackItemData) =>
  customerLinks.testingFeedback(appUrl, data.project, data.itemId);

export const openFeedbackAction = (link: string) => ({ label: "Open Testing & Feedback", url: link });

export const FEEDBACK_ITEM_EXAMPLE: FeedbackItemData = {
  project: EXAMPLE_PROJECT,
  issue: "The order button does nothing on iOS.",
};

type Data = FeedbackItemData & { adminComment: string | null };

export default defineEmail<Data>({
  subject: (data) => `Feedback addressed on ${data.project.projectCode}`,
  link: feedbackItemLink,
  content: (data, link) => ({
    heading: "Your feedback has been addressed",
    paragraphs: [
      `Our team marked your feedback on ${projectTitle(data.project)} as done.`,
      `Issue: ${data.issue}`,
      ...(data.adminComment ? [`Our response: ${data.adminComment}`] : []),
      "Please check the prototype and tell us if anything still needs work.",
    ],
    action: openFeedbackAction(link),
  }),
  example: { ...FEEDBACK_ITEM_EXAMPLE, adminComment: "Fixed in the latest build." },
});
