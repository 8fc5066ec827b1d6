// The NDA's wording: one text, shown on the NDA tab, drawn into the PDF and hashed when signed.
import { formatLongDate } from "./dates";

export const NDA_TERMS = {
  nonCompeteMonths: 12,
  survivalYears: 3,
  terminationNoticeDays: 30,
  /** The UI's own statement of the duration (the agreement's own wording and this one both stand). */
  durationSummary: "the project plus 2 years",
} as const;

export const NDA_TITLE = "Mutual Non-Disclosure Agreement";
export const NDA_VERSION = "1.0";
export const PROVIDER_NAME = "Blueprint";

/**
 * The Provider as the agreement names it: the company's legal entity, its address, the law that governs the
 * agreement and the signatory who approves it (the company's legal details). Null until they are set up: the
 * agreement then names the trading name, PROVIDER_NAME, alone.
 */
export type NdaProvider = {
  legalName: string;
  /** The address on one line ("12 MG Road, Bengaluru 560001, India"). */
  address: string;
  governingLaw: string;
  signatoryName: string;
  signatoryTitle: string;
};

export type NdaParties = {
  customerName: string;
  companyName: string;
  /** The effective date, YYYY-MM-DD (UTC). */
  effectiveDate: string;
  /** The Provider's legal details (absent or null: not set up, PROVIDER_NAME alone). */
  provider?: NdaProvider | null;
};

export type NdaSection = { heading: string; body: string };

/** A name as it appears in the agreement: trimmed, inner whitespace collapsed, a placeholder when missing. */
function party(value: string, placeholder: string): string {
  const clean = value.replace(/\s+/g, " ").trim();
  return clean || placeholder;
}

export function ndaPreamble(parties: NdaParties): string {
  const customer = party(parties.customerName, "[Your full name]");
  const company = party(parties.companyName, "[Your company]");
  const provider = parties.provider
    ? `${party(parties.provider.legalName, PROVIDER_NAME)}, trading as ${PROVIDER_NAME}, of ${party(parties.provider.address, "")}`
    : PROVIDER_NAME;
  return `This ${NDA_TITLE} (the "Agreement") is made on ${formatLongDate(parties.effectiveDate)} between ${provider} (the "Provider"), which builds software prototypes and business requirements documents, and ${customer}, acting for and on behalf of ${company} (the "Client"). The Provider and the Client are each a "Party".`;
}

/** Who signs for the Provider: its approving signatory once the legal details are set up, else its administrator. */
export function ndaProviderSignatory(provider: NdaProvider | null | undefined): { name: string; title: string } {
  return provider
    ? { name: party(provider.signatoryName, "Company administrator"), title: party(provider.signatoryTitle, "") }
    : { name: "Company administrator", title: "" };
}

export function ndaSections(provider: NdaProvider | null = null): NdaSection[] {
  const t = NDA_TERMS;
  const sections: NdaSection[] = [
    {
      heading: "1. Purpose",
      body: 'The Client will share a software idea, business requirements and related information with the Provider so that the Provider can build a prototype and a business requirements document (the "Purpose"). Either Party may disclose information to the other for the Purpose.',
    },
    {
      heading: "2. Confidential Information",
      body: "Confidential Information means all non-public information disclosed by a Party, in any form, including ideas, concepts, designs, requirements, workflows, source code, data, business plans, pricing and customer information, whether or not marked as confidential.",
    },
    {
      heading: "3. Obligations",
      body: "The receiving Party will use Confidential Information only for the Purpose, will not disclose it to any third party except its employees and contractors who need to know it and are bound by obligations at least as protective as these, and will protect it with at least the care it uses for its own confidential information, and never less than reasonable care.",
    },
    {
      heading: "4. Exclusions",
      body: "These obligations do not apply to information that is or becomes public through no fault of the receiving Party, was lawfully known to it before disclosure, is independently developed without use of the Confidential Information, or is lawfully received from a third party without a duty of confidence. A Party may disclose information when required by law, after giving the other Party prompt notice where the law allows.",
    },
    {
      heading: "5. Non-Compete",
      body: `For ${t.nonCompeteMonths} months after the end of the project, the Provider will not build or offer to any third party a product that is substantially similar to the idea the Client disclosed under this Agreement.`,
    },
    {
      heading: "6. Term and Termination",
      body: `This Agreement covers ${t.durationSummary}. Either Party may terminate it by giving ${t.terminationNoticeDays} days' written notice to the other Party.`,
    },
    {
      heading: "7. Survival",
      body: `The obligations of confidentiality survive for ${t.survivalYears} years after this Agreement ends.`,
    },
    {
      heading: "8. Return of Materials",
      body: "On request, or when the project ends, the receiving Party will return or destroy the Confidential Information in its possession and confirm this in writing.",
    },
    {
      heading: "9. No Licence",
      body: "All Confidential Information remains the property of the disclosing Party. Nothing in this Agreement grants any licence or right to it beyond the Purpose. Prototype ownership is governed by the project terms.",
    },
    {
      heading: "10. Electronic Signature",
      body: "The Parties agree to sign this Agreement electronically. The Client's signature is confirmed by a one-time code sent to the Client's email address, and the Provider's approval by a one-time code sent to the Provider's administrator. Each electronic signature is as binding as a handwritten one.",
    },
  ];
  if (provider) {
    const signatory = ndaProviderSignatory(provider);
    sections.push({
      heading: "11. Governing Law and Signatory",
      body: `This Agreement is governed by ${party(provider.governingLaw, "the law of the Provider's country")}. ${signatory.name}${signatory.title ? `, ${signatory.title},` : ""} approves it for ${party(provider.legalName, PROVIDER_NAME)}.`,
    });
  }
  return sections;
}

/** The exact text the customer signs; its SHA-256 is recorded with the signature and printed on the audit page. */
export function ndaAgreementText(parties: NdaParties): string {
  const sections = ndaSections(parties.provider ?? null).map((section) => `${section.heading}\n${section.body}`);
  return [`${NDA_TITLE} (version ${NDA_VERSION})`, ndaPreamble(parties), ...sections].join("\n\n");
}

/**
 * A signed agreement's text read back into its preamble and sections (ndaAgreementText's layout: the title line, the
 * preamble, then each section's heading and body, separated by blank lines), so a signed copy is drawn from the words
 * that were signed, whatever the company's details are today. Null when the text is not in that layout.
 */
export function ndaAgreementParts(text: string): { preamble: string; sections: NdaSection[] } | null {
  const [, preamble, ...blocks] = text.split("\n\n");
  if (!preamble || blocks.length === 0) return null;
  const sections: NdaSection[] = [];
  for (const block of blocks) {
    const at = block.indexOf("\n");
    if (at < 0) return null;
    sections.push({ heading: block.slice(0, at), body: block.slice(at + 1) });
  }
  return { preamble, sections };
}
