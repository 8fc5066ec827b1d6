// The customer, 3 days after a payment phase was issued and then weekly (three at most), while it is unpaid.

import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The phase's label ("Advance payment"). */
  phase: string;
  /** The amount as worded for people ("$2,500.00"), when one is set. */
  money: string | null;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: ${data.phase} is waiting`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => ({
    heading: `Reminder: ${data.phase.toLowerCase()}`,
    paragraphs: [
      `The ${data.phase.toLowerCase()}${data.money ? ` of ${data.money}` : ""} for ${projectTitle(data.project)} is ready and not yet received.`,
      "You can pay from Payment Information on your dashboard. If you have already paid by transfer, thank you: the Blueprint team will mark it received.",
    ],
    action: { label: "Open your dashboard", url: link },
  }),
  example: { project: EXAMPLE_PROJECT, phase: "Advance payment", money: "$2,500.00" },
});
