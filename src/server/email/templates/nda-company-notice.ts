// A customer asked for an NDA signing code: each admin hears that a signature is in progress.
import { NDA_TITLE } from "../../../shared/domain/nda-agreement";
import { subjectPart } from "../layout";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = { customerName: string; email: string; companyName: string };

export default defineEmail<Data>({
  subject: (data) => `NDA signature in progress: ${subjectPart(data.companyName)}`,
  link: (appUrl) => companyLinks.ndaApprovals(appUrl),
  content: (data, link) => ({
    heading: "An NDA signature is in progress",
    paragraphs: [
      `${data.customerName} (${data.email}) of ${data.companyName} has asked for a code to sign the ${NDA_TITLE}.`,
      "You will be asked to approve it once it is signed.",
    ],
    action: { label: "Open the admin console", url: link },
  }),
  example: { customerName: "Ada Lovelace", email: "ada@example.com", companyName: "Analytical Engines Ltd" },
});
