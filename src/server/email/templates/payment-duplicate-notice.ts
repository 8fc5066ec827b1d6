// The company, when a card payment arrives for a phase already received: the customer paid twice, one is to be refunded.

import { EXAMPLE_PROJECT, projectTitle } from "../layout";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The phase's label ("Advance payment"). */
  phase: string;
  /** The second payment's amount ("2,500.00 USD"). */
  money: string;
  /** How the phase had been paid before ("by card", "by bank transfer"). */
  paidBefore: string;
  /** Stripe's payment intent of the second payment: the one to refund in Stripe. */
  paymentIntent: string | null;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: ${data.phase} paid twice`,
  link: (appUrl) => companyLinks.console(appUrl),
  content: (data, link) => ({
    heading: `${data.phase} paid twice`,
    paragraphs: [
      `${projectTitle(data.project)} paid ${data.money} by card for the ${data.phase.toLowerCase()}, which had already been received ${data.paidBefore}.`,
      data.paymentIntent
        ? `Please refund the second payment (Stripe payment ${data.paymentIntent}). The phase stays paid; the console shows it as paid twice until the refund arrives.`
        : "Please refund the second payment in Stripe. The phase stays paid; the console shows it as paid twice until the refund arrives.",
    ],
    action: { label: "Open the console", url: link },
  }),
  example: {
    project: EXAMPLE_PROJECT,
    phase: "Advance payment",
    money: "2,500.00 USD",
    paidBefore: "by card",
    paymentIntent: "pi_3PqExample",
  },
});
