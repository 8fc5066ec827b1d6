// The project terms, the refund policy and the privacy notice: one text each, filled from the company's legal
// details. The public /terms, /refunds and /privacy pages show them, every proposal carries the terms (their SHA-256
// is part of what the customer accepts), and the NDA's "governed by the project terms" points here.
import type { CompanyLegal } from "../schemas/legal";

export type TermsSection = { heading: string; body: string };
/** What the texts name of the company: its legal entity, address, law, signatory and contact. */
export type TermsCompany = Pick<
  CompanyLegal,
  "legalName" | "address" | "countryName" | "governingLaw" | "signatoryName" | "signatoryTitle" | "contactEmail"
> & { advancePercent: number };

export const TERMS_VERSION = "1.0";
export const TERMS_TITLE = "Project Terms";
export const REFUND_TITLE = "Refund and Cancellation Policy";
export const PRIVACY_TITLE = "Privacy Notice";

/** The company as the texts name it: "Blueprint Labs Private Limited, 12 MG Road, Bengaluru, India". */
export function companyLine(company: TermsCompany): string {
  // A part not known yet (the details not set up) is left out rather than printed empty.
  return [company.legalName, company.address.replace(/\s*\n\s*/g, ", "), company.countryName].filter(Boolean).join(", ");
}

export function refundSections(company: TermsCompany): TermsSection[] {
  return [
    {
      heading: "Before the work starts",
      body: `You may cancel a project at any time before the advance payment is received, and nothing is owed. An advance paid for a project that has not started (its brief not yet confirmed by both sides) is refunded in full on request.`,
    },
    {
      heading: "If we miss the delivery promise",
      body: "The delivery clock starts when the advance is received. If the first prototype version is not published within the package's promised hours plus 48 hours, you may cancel the project and the advance is refunded in full.",
    },
    {
      heading: "After delivery",
      body: "Once a prototype version has been delivered, the advance is not refundable: it pays for work done. The balance is due on delivery; if you cancel instead of approving, it is not charged, and the prototype and BRD stay with us.",
    },
    {
      heading: "How refunds are paid",
      body: `Refunds go back to the card or account that paid, in the currency paid, within 10 business days of the request. Ask ${company.contactEmail} or send a message from your portal.`,
    },
  ];
}

export function termsSections(company: TermsCompany): TermsSection[] {
  const balance = 100 - company.advancePercent;
  return [
    {
      heading: "1. Parties",
      body: `These terms are between ${companyLine(company)} ("we", the "Provider") and the business that accepts a proposal in the Blueprint portal ("you", the "Client"). Each accepted proposal, with these terms and the Mutual Non-Disclosure Agreement you signed, is the whole agreement for that project.`,
    },
    {
      heading: "2. What we deliver",
      body: "For each project we build a working, hosted prototype of the software you describe in your brief and write its business requirements document (BRD), within the package, delivery promise, iteration rounds, testers and access period stated in the proposal.",
    },
    {
      heading: "3. Price and payment",
      body: `The price is the one stated in the proposal, in its currency, taxes included. ${company.advancePercent} % is due as an advance once the brief is confirmed and the proposal accepted; the delivery clock starts when it is received.${balance > 0 ? ` The remaining ${balance} % is due on delivery, when the prototype is handed over for your approval.` : ""} Each payment has a numbered invoice and, once paid, a receipt. A changed price is a new proposal, which you accept before it applies.`,
    },
    {
      heading: "4. Ownership",
      body: "Once every payment of the project is received, you own the prototype's deliverables made for you (its screens, content and the hand-over package's source and assets) and the BRD, and may use them for any purpose. We keep our own pre-existing tools, libraries and know-how, and grant you a perpetual, royalty-free licence to the parts of them the deliverables contain. Until then, the deliverables are licensed to you for evaluation only.",
    },
    {
      heading: "5. Confidentiality",
      body: "Everything you share with us, and everything we make for you, is confidential information under the Mutual Non-Disclosure Agreement you signed before sharing your idea. We do not show your project to anyone outside your team and ours without your written consent.",
    },
    {
      heading: "6. Refunds and cancellation",
      body: refundSections(company)
        .map((section) => `${section.heading}: ${section.body}`)
        .join(" "),
    },
    {
      heading: "7. Hosted access",
      body: "The hosted prototype stays available to your team for the access period stated in the proposal. Before it ends we remind you; afterwards the hosted copy is taken down, and the hand-over package and documents stay downloadable from the portal.",
    },
    {
      heading: "8. Liability",
      body: "A prototype demonstrates an idea; it is not production software. Neither party is liable for indirect or consequential losses, and our total liability for a project is limited to the price paid for it. Nothing in these terms limits liability that the law does not allow to be limited.",
    },
    {
      heading: "9. Governing law",
      body: `These terms are governed by ${company.governingLaw}. ${company.signatoryName}, ${company.signatoryTitle}, signs for the Provider. Questions: ${company.contactEmail}.`,
    },
  ];
}

export function privacySections(company: TermsCompany): TermsSection[] {
  return [
    {
      heading: "Who we are",
      body: `${companyLine(company)} runs the Blueprint site and client portal and is responsible for the personal data described here. Contact: ${company.contactEmail}.`,
    },
    {
      heading: "What we keep, and why",
      body: "Your name, email address and company details to sign you in and run your projects; what you write and upload in the portal (your brief, feedback, messages and files) to build your prototype; your signature, with the time and network address of signing, as evidence of the NDA and proposals you accept; payment records, invoices and receipts, which the law requires us to keep. Card details are handled by our payment provider, Stripe, and never reach us.",
    },
    {
      heading: "Who else sees it",
      body: "Only your team in the portal and our staff who work on your project. We use processors for email delivery, hosting and payments, bound to keep the data confidential. We do not sell personal data or use it for advertising.",
    },
    {
      heading: "How long",
      body: "Project data stays while your account does. When you delete your account, we delete it, except signed agreements, invoices and payment records, which we keep for as long as the law requires and no longer.",
    },
    {
      heading: "Your rights",
      body: "You can download everything the portal holds about you from your profile, correct it, or delete your account there. For anything else, write to us; you may also complain to your data protection authority.",
    },
  ];
}
