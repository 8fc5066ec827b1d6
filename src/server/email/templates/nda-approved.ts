// The customer's NDA approved by the company.
import { NDA_TITLE } from "../../../shared/domain/nda-agreement";
import { APP_NAME } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = { signerName: string; companyName: string };

export default defineEmail<Data>({
  subject: () => `Your ${APP_NAME} NDA has been approved`,
  link: (appUrl) => customerLinks.dashboard(appUrl),
  content: (data, link) => ({
    heading: "Your NDA has been approved",
    paragraphs: [
      `Hi ${data.signerName}, ${APP_NAME} has approved the ${NDA_TITLE} you signed for ${data.companyName}.`,
      "You can download the signed copy, with its audit trail, from your dashboard.",
    ],
    action: { label: "Open your dashboard", url: link },
  }),
  example: { signerName: "Ada Lovelace", companyName: "Analytical Engines Ltd" },
});
