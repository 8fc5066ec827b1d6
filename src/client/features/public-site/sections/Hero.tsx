// 1. Hero: the promise, the three calls to action, and a drawn preview of a prototype with its brief.
import { CheckCircle2, FileText, ShieldCheck } from "lucide-react";
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { BookCallLink, DownloadDeckLink, StartProjectLink } from "../components/cta-links";

const FIGURES = [
  { value: MARKETING_FIGURES.deliveryRange, label: "from idea to working prototype" },
  { value: `${MARKETING_FIGURES.fasterCodingPercent}%`, label: "faster coding once you build" },
  { value: `${MARKETING_FIGURES.productionLaunchPercent}%`, label: "of prototypes lead to production launches" },
  { value: `$${MARKETING_FIGURES.savedPerDollar}+`, label: "saved for every $1 invested" },
];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgba(165,180,252,0.45),transparent_70%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Working prototypes in {MARKETING_FIGURES.deliveryRange}
          </p>
          <h1 className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-slate-950 sm:text-5xl xl:text-[3.5rem]">
            Turn your idea into a working prototype in {MARKETING_FIGURES.fastestDelivery}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
            Blueprint builds a high-fidelity prototype and a business requirements document from your idea, so you and your
            stakeholders can click through the real thing before you commit a budget to full development.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <StartProjectLink />
            <BookCallLink />
            <DownloadDeckLink />
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
            {["NDA protection", "Daily progress updates", "3 iteration rounds"].map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <PrototypePreview />
      </div>

      <div className="relative border-y border-slate-200 bg-white/70">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px px-4 sm:px-6 lg:grid-cols-4">
          {FIGURES.map((figure) => (
            <div key={figure.label} className="px-2 py-6 text-center sm:px-4">
              <dt className="sr-only">{figure.label}</dt>
              <dd className="text-2xl font-bold tracking-tight text-brand-700 sm:text-3xl">{figure.value}</dd>
              <dd className="mt-1 text-sm text-slate-600">{figure.label}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A drawing of a prototype in a browser window, with the brief beside it. Decorative: the text says it all. */
function PrototypePreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xl select-none lg:max-w-none">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/15">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-3 h-5 flex-1 rounded-md bg-white px-2 text-[11px] leading-5 text-slate-500 ring-1 ring-slate-200">
            your-prototype.blueprint.app
          </span>
        </div>
        <div className="grid grid-cols-[7rem_1fr] sm:grid-cols-[9rem_1fr]">
          <div className="grid content-start gap-2 border-r border-slate-100 bg-slate-50/60 p-3">
            <span className="h-6 rounded-md bg-brand-700" />
            {[0, 1, 2, 3].map((n) => (
              <span key={n} className="h-4 rounded bg-slate-200" />
            ))}
          </div>
          <div className="grid gap-3 p-4">
            <div className="grid grid-cols-3 gap-2">
              {["Orders", "Revenue", "Users"].map((label, n) => (
                <div key={label} className="rounded-lg border border-slate-100 p-2">
                  <span className="block text-[10px] text-slate-500">{label}</span>
                  <span className="block text-sm font-bold text-slate-900">{["1,284", "$48.2k", "3,910"][n]}</span>
                </div>
              ))}
            </div>
            <div className="flex h-28 items-end gap-1.5 rounded-lg border border-slate-100 p-3">
              {[38, 52, 45, 70, 62, 84, 76, 92, 68, 88].map((h) => (
                <span
                  key={h}
                  className="flex-1 rounded-t bg-gradient-to-t from-brand-600 to-brand-500"
                  style={{ height: `${h}%` }}
                />
              ))}
            </div>
            <div className="grid gap-1.5">
              {[80, 64, 72].map((w) => (
                <span key={w} className="h-3 rounded bg-slate-100" style={{ width: `${w}%` }} />
              ))}
            </div>
          </div>
        </div>
      </div>
      <div className="absolute -bottom-6 -left-2 flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 pr-5 shadow-xl sm:-left-8">
        <span className="flex size-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
          <FileText className="size-5" />
        </span>
        <span>
          <span className="block text-sm font-semibold text-slate-900">Requirements brief</span>
          <span className="block text-xs text-slate-500">2 pages · ready for review</span>
        </span>
      </div>
      <div className="absolute -top-4 right-4 flex items-center gap-2 rounded-full border border-emerald-200 bg-white px-3 py-1.5 text-xs font-semibold text-emerald-800 shadow-lg">
        <ShieldCheck className="size-4" />
        NDA signed
      </div>
    </div>
  );
}
