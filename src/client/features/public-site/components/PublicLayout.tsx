// The frame of every public page: skip link, header, main landmark, footer.
import type { ReactNode } from "react";
import type { PublicPageKey } from "../../../../shared/public-pages";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** `page`: the header link marked current (null: a page the header does not list, such as the terms). */
export function PublicLayout({ page, children }: { page: PublicPageKey | null; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader current={page} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** A section title block: small eyebrow, the h2 (its id labels the section), and a lead paragraph. */
export function SectionHeading(props: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: "center" | "left";
  inverted?: boolean;
}) {
  const center = props.align !== "left";
  return (
    <div className={center ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {props.eyebrow && (
        <p className={`text-sm font-semibold tracking-wide uppercase ${props.inverted ? "text-brand-200" : "text-brand-700"}`}>
          {props.eyebrow}
        </p>
      )}
      <h2
        id={props.id}
        className={`mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${props.inverted ? "text-white" : "text-slate-950"}`}
      >
        {props.title}
      </h2>
      {props.lead && (
        <p className={`mt-4 text-lg leading-relaxed ${props.inverted ? "text-slate-300" : "text-slate-600"}`}>{props.lead}</p>
      )}
    </div>
  );
}

const SECTION_TONES = {
  plain: "py-20 sm:py-24",
  muted: "bg-slate-50 py-20 sm:py-24",
  dark: "bg-slate-950 py-20 sm:py-24",
} as const;

/**
 * A page section of one column: the band (plain, muted or dark, which inverts the heading), its centred container and
 * its SectionHeading, then the content. `anchor` is the id a link to the section jumps to.
 */
export function PageSection(props: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  tone?: keyof typeof SECTION_TONES;
  width?: "max-w-7xl" | "max-w-5xl" | "max-w-4xl" | "max-w-3xl";
  anchor?: string;
  children: ReactNode;
}) {
  const tone = props.tone ?? "plain";
  return (
    <section aria-labelledby={props.id} className={SECTION_TONES[tone]} id={props.anchor}>
      <div className={`mx-auto ${props.width ?? "max-w-7xl"} px-4 sm:px-6`}>
        <SectionHeading id={props.id} eyebrow={props.eyebrow} title={props.title} lead={props.lead} inverted={tone === "dark"} />
        {props.children}
      </div>
    </section>
  );
}
