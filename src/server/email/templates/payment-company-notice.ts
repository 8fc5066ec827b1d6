// The company, when a payment phase was paid by card through Stripe Checkout.

import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The phase's label ("Advance payment"). */
  phase: string;
  /** The amount as worded for people ("$2,500.00"). */
  money: string;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: ${data.phase} paid by card`,
  link: (appUrl) => companyLinks.console(appUrl),
  content: (data, link) => ({
    heading: `${data.phase} paid by card`,
    paragraphs: [`${projectTitle(data.project)} paid ${data.money} through Stripe Checkout.`],
    action: { label: "Open the console", url: link },
  }),
  example: { project: EXAMPLE_PROJECT, phase: "Advance payment", money: "$2,500.00" },
});
