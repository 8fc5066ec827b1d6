// The customer, when Stripe's webhook says a payment phase was paid.
import { APP_NAME, EXAMPLE_PROJECT, projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The phase's label ("Advance payment"). */
  phase: string;
  /** The amount as worded for people ("$2,500.00"). */
  money: string;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: ${data.phase} received`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => ({
    heading: `${data.phase} received`,
    paragraphs: [
      `Thank you: we received ${data.money} for ${projectTitle(data.project)}.`,
      `Your receipt is on your dashboard, signed by ${APP_NAME}.`,
    ],
    action: { label: "Open your dashboard", url: link },
  }),
  example: { project: EXAMPLE_PROJECT, phase: "Advance payment", money: "$2,500.00" },
});
