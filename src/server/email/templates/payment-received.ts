// The owner and the admin-level members, when a payment phase was paid (Stripe's webhook, or a transfer marked
// received): the receipt is attached when the phase has an invoice. Transactional: no unsubscribe link.
import { APP_NAME, EXAMPLE_PROJECT, projectTitle } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The phase's label ("Advance payment"). */
  phase: string;
  /** The amount as worded for people ("$2,500.00"). */
  money: string;
  /** The receipt's number ("BP-2026-0007-R") when one is attached; null: the receipt is on the dashboard only. */
  receiptNumber?: string | null;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: ${data.phase} received`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => ({
    heading: `${data.phase} received`,
    paragraphs: [
      `Thank you: we received ${data.money} for ${projectTitle(data.project)}.`,
      data.receiptNumber
        ? `Receipt ${data.receiptNumber} is attached, signed by ${APP_NAME}; it stays on your dashboard too.`
        : `Your receipt is on your dashboard, signed by ${APP_NAME}.`,
    ],
    action: { label: "Open your dashboard", url: link },
  }),
  example: { project: EXAMPLE_PROJECT, phase: "Advance payment", money: "$2,500.00", receiptNumber: "BP-2026-0007-R" },
});
