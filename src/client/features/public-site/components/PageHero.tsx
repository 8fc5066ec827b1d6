import type { ReactNode } from "react";

/** The top of an inner public page: its one h1 and a lead paragraph. */
export function PageHero(props: { eyebrow: string; title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(50rem_20rem_at_50%_-20%,rgba(165,180,252,0.5),transparent_70%)]"
      />
      <div className="relative mx-auto max-w-4xl px-4 pt-16 pb-14 text-center sm:px-6 lg:pt-24 lg:pb-20">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{props.eyebrow}</p>
        <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-950 sm:text-5xl">
          {props.title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{props.lead}</p>
        {props.children && <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{props.children}</div>}
      </div>
    </section>
  );
}
