import { ChevronDown } from "lucide-react";
import { SectionHeading } from "./PublicLayout";

type FaqItem = { question: string; answer: string };

/** Questions as native disclosure widgets: they open with the keyboard and work before any JavaScript runs. */
export function Faq({ id, items, title = "Questions we hear often" }: { id: string; items: FaqItem[]; title?: string }) {
  return (
    <section aria-labelledby={id} className="py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id={id} eyebrow="FAQ" title={title} />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {items.map((item) => (
            <details key={item.question} className="group p-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-950 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="mt-3 leading-relaxed text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
