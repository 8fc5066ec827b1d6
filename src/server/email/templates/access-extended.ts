// The owner, when the company extends the project's access expiry date (features/projects/access-expiry/extend.ts).

import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The new date and time as worded in the owner's zone (email/format-time.ts). */
  expires: string;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: your access is extended`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => ({
    heading: "Your access is extended",
    paragraphs: [
      `The Blueprint team extended your access to ${projectTitle(data.project)} until ${data.expires}.`,
      "The prototype viewer and invitations are open until then.",
    ],
    action: { label: "Open your dashboard", url: link },
  }),
  example: {
    project: EXAMPLE_PROJECT,
    expires: "Friday, 26 November 2027, 10:00 (UTC+00:00, UTC)",
  },
});
