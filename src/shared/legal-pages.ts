// The public /terms, /privacy and /refunds pages: their paths, titles and the article they show, filled from the
// company's legal details. The details live in the database, so the server renders the article at request time into
// a shell pre-rendered at build time (scripts/public-site/prerender-legal.ts), between the LEGAL_BODY markers; the
// shell carries a sample article drawn by this same function, so the page's stylesheet keeps every class it uses.
import { PUBLIC_CONTACT_EMAIL } from "./constants/marketing";
import {
  PRIVACY_TITLE,
  privacySections,
  REFUND_TITLE,
  refundSections,
  TERMS_TITLE,
  TERMS_VERSION,
  type TermsCompany,
  type TermsSection,
  termsSections,
} from "./domain/project-terms";

export type LegalPageKey = "terms" | "privacy" | "refunds";

export type LegalPageMeta = {
  key: LegalPageKey;
  path: `/${string}`;
  /** The footer link's label and the page's h1. */
  heading: string;
  title: string;
  description: string;
  sections(company: TermsCompany): TermsSection[];
};

export const LEGAL_PAGES: readonly LegalPageMeta[] = [
  {
    key: "terms",
    path: "/terms",
    heading: TERMS_TITLE,
    title: `${TERMS_TITLE} — Blueprint`,
    description:
      "The terms every Blueprint project is built under: what we deliver, price and payment, ownership, confidentiality, refunds, liability and governing law.",
    sections: termsSections,
  },
  {
    key: "privacy",
    path: "/privacy",
    heading: PRIVACY_TITLE,
    title: `${PRIVACY_TITLE} — Blueprint`,
    description:
      "What personal data the Blueprint site and client portal keep, why, who else sees it, for how long, and your rights.",
    sections: privacySections,
  },
  {
    key: "refunds",
    path: "/refunds",
    heading: REFUND_TITLE,
    title: `${REFUND_TITLE} — Blueprint`,
    description: "When a Blueprint project can be cancelled, when the advance is refunded, and how refunds are paid.",
    sections: refundSections,
  },
];

export function legalPageByPath(pathname: string): LegalPageMeta | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return LEGAL_PAGES.find((page) => page.path === normalized);
}

/** Where the server puts the article in the pre-rendered shell. */
export const LEGAL_BODY = { start: "<!--bp:legal-->", end: "<!--/bp:legal-->" } as const;

export const LEGAL_NOT_SET_UP_NOTICE = "The company's legal details are being completed; write to us for them.";

/** What the texts name before the legal details are set up: the trading name and the public contact address. */
export const TRADING_COMPANY: TermsCompany = {
  legalName: "Blueprint",
  address: "",
  countryName: "",
  governingLaw: "the laws of the country where the Provider is established",
  signatoryName: "an authorised signatory",
  signatoryTitle: "on behalf of Blueprint",
  contactEmail: PUBLIC_CONTACT_EMAIL,
  advancePercent: 50,
};

const htmlText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The page's article as HTML (every value escaped): the sections filled from the company's details, or from the
 * trading name with a notice when they are not set up (`company` null).
 */
export function legalArticleHtml(page: LegalPageMeta, company: TermsCompany | null, updatedAt: string | null): string {
  const sections = page.sections(company ?? TRADING_COMPANY);
  const notice = company
    ? ""
    : `<p role="note" class="mb-8 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">${htmlText(LEGAL_NOT_SET_UP_NOTICE)} <a class="font-medium underline" href="mailto:${htmlText(PUBLIC_CONTACT_EMAIL)}">${htmlText(PUBLIC_CONTACT_EMAIL)}</a></p>`;
  const version = page.key === "terms" ? `Version ${TERMS_VERSION}` : "";
  const updated = updatedAt ? `Last updated ${updatedAt.slice(0, 10)}` : "";
  const meta = [version, updated].filter(Boolean).join(" · ");
  return [
    notice,
    meta ? `<p class="mb-8 text-sm text-slate-500">${htmlText(meta)}</p>` : "",
    ...sections.map(
      (section) =>
        `<section class="mb-8"><h2 class="text-xl font-semibold text-slate-950">${htmlText(section.heading)}</h2><p class="mt-2 leading-relaxed whitespace-pre-line text-slate-700">${htmlText(section.body)}</p></section>`,
    ),
    company
      ? `<p class="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600">${htmlText(company.legalName)} · ${htmlText(company.address.replace(/\s*\n\s*/g, ", "))}, ${htmlText(company.countryName)} · <a class="font-medium text-brand-700 underline" href="mailto:${htmlText(company.contactEmail)}">${htmlText(company.contactEmail)}</a></p>`
      : "",
  ].join("");
}
