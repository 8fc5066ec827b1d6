// /terms, /privacy and /refunds: the public frame and the page's heading, pre-rendered as a shell. The article is the
// company's current text, which the server puts in the empty #legal-body at request time (shared/legal-pages.ts).
import type { LegalPageMeta } from "../../../../shared/legal-pages";
import { PublicLayout } from "../components/PublicLayout";

export function LegalPage({ page }: { page: LegalPageMeta }) {
  return (
    <PublicLayout page={null}>
      <section aria-labelledby="page-title" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-8 sm:px-6 lg:pt-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
          <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-950 sm:text-5xl">
            {page.heading}
          </h1>
        </div>
      </section>
      <article id="legal-body" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6" />
    </PublicLayout>
  );
}
