// The owner, 30 and 7 days before the project's access expiry date (features/projects/access-expiry/reminders.ts).
// The 30-day one follows the owner's "Status changes" choice; the 7-day one is always sent (decision 0029).

import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The date and time as worded in the owner's zone (email/format-time.ts). */
  expires: string;
  /** 30 or 7. */
  daysBefore: number;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: your access ends in ${data.daysBefore} days`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => ({
    heading: `Your access ends in ${data.daysBefore} days`,
    paragraphs: [
      `Your access to ${projectTitle(data.project)} ends on ${data.expires}.`,
      "After that date the prototype viewer and invitations close. Your documents, the hand-over package and your data export stay available to you.",
      "Download the hand-over package from your dashboard now, or ask the Blueprint team in Communications to extend your access.",
    ],
    action: { label: "Open your dashboard", url: link },
  }),
  example: {
    project: EXAMPLE_PROJECT,
    expires: "Thursday, 26 November 2027, 10:00 (UTC+00:00, UTC)",
    daysBefore: 30,
  },
});
