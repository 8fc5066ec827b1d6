// A signed NDA waiting for the company's approval, to each admin.
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = { customerName: string; email: string; companyName: string };

export default defineEmail<Data>({
  subject: (data) => `NDA awaiting your approval: ${data.companyName}`,
  link: (appUrl) => companyLinks.ndaApprovals(appUrl),
  content: (data, link) => ({
    heading: "An NDA is waiting for your approval",
    paragraphs: [
      `${data.customerName} (${data.email}) signed the NDA for ${data.companyName}.`,
      "Send yourself an approval code from the NDA Management tab, then approve it.",
    ],
    action: { label: "Open NDA Management", url: link },
  }),
  example: { customerName: "Ada Lovelace", email: "ada@example.com", companyName: "Analytical Engines Ltd" },
});
