// The company, when a customer accepted a project's proposal by name: the advance is now requested.
import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The name the customer typed to accept. */
  acceptedBy: string;
  version: number;
  /** The price as the proposal states it ("2,000.00 USD"). */
  price: string;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: proposal accepted by ${data.acceptedBy}`,
  link: (appUrl) => companyLinks.console(appUrl),
  content: (data, link) => ({
    heading: "A proposal was accepted",
    paragraphs: [
      `${data.acceptedBy} accepted version ${data.version} of the proposal for ${projectTitle(data.project)} at ${data.price}.`,
      "The advance payment is now requested; the delivery clock starts when it is received.",
    ],
    action: { label: "Open the console", url: link },
  }),
  example: { project: EXAMPLE_PROJECT, acceptedBy: "Ada Lovelace", version: 1, price: "2,000.00 USD" },
});
