// The customer's feedback marked done by the company.

import { projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The item itself, which the link opens (absent in emails queued before links named it). */
  itemId?: string;
  /** The issue as the customer wrote it, cut to 300 characters. */
  issue: string;
  adminComment: string | null;
};

export default defineEmail<Data>({
  subject: (data) => `Feedback addressed on ${data.project.projectCode}`,
  link: (appUrl, data) => customerLinks.testingFeedback(appUrl, data.project, data.itemId),
  content: (data, link) => ({
    heading: "Your feedback has been addressed",
    paragraphs: [
      `Our team marked your feedback on ${projectTitle(data.project)} as done.`,
      `Issue: ${data.issue}`,
      ...(data.adminComment ? [`Our response: ${data.adminComment}`] : []),
      "Please check the prototype and tell us if anything still needs work.",
    ],
    action: { label: "Open Testing & Feedback", url: link },
  }),
  example: {
    project: { projectCode: "BP-0001", projectName: "Ordering app" },
    issue: "The order button does nothing on iOS.",
    adminComment: "Fixed in the latest build.",
  },
});
