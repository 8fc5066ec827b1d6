// The owner and the admin-level members, when a payment phase is requested: its numbered invoice is attached (a PDF
// sealed by the portal). Transactional: sent whatever the recipient chose for notifications, with no unsubscribe link.
import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The phase's label ("Advance payment"). */
  phase: string;
  /** "BP-2026-0007". */
  invoiceNumber: string;
  /** The amount as worded for people ("2,500.00 USD"). */
  money: string;
  /** What triggers the payment, as the payment schedule says it, when known. */
  due: string | null;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: invoice ${data.invoiceNumber} for the ${data.phase.toLowerCase()}`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => ({
    heading: `Invoice ${data.invoiceNumber}`,
    paragraphs: [
      `The ${data.phase.toLowerCase()} of ${data.money} for ${projectTitle(data.project)} is requested: invoice ${data.invoiceNumber} is attached.`,
      ...(data.due ? [data.due] : []),
      "You can pay by card from Payment Information on your dashboard, where the invoice can be downloaded again.",
    ],
    action: { label: "Open your dashboard", url: link },
    footnote: "The invoice is digitally signed: any PDF reader shows whether it is unchanged.",
  }),
  example: {
    project: EXAMPLE_PROJECT,
    phase: "Advance payment",
    invoiceNumber: "BP-2026-0007",
    money: "2,500.00 USD",
    due: "Due once the brief is confirmed; the delivery clock starts when it is received.",
  },
});
