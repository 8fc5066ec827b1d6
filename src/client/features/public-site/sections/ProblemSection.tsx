// 2. 'Software Development is Broken': why building straight from a document fails.
import { Banknote, FileQuestion, Hourglass } from "lucide-react";
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { formatPrice } from "../../../../shared/constants/packages";
import { SectionHeading } from "../components/PublicLayout";

const PROBLEMS = [
  {
    icon: FileQuestion,
    title: "Specs get read ten different ways",
    text: "A requirements document is words. Founders, designers and developers each picture a different product, and nobody notices until the code is written.",
  },
  {
    icon: Hourglass,
    title: "Feedback arrives months too late",
    text: "Users see the software for the first time at launch. By then every change means unpicking work that was already paid for.",
  },
  {
    icon: Banknote,
    title: "Rework eats the budget",
    text: `A traditional project runs to ${formatPrice(MARKETING_FIGURES.traditionalProject, "USD")}, and a large share of it goes into rebuilding features that missed the mark.`,
  },
];

export function ProblemSection() {
  return (
    <section aria-labelledby="problem-title" className="bg-slate-950 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="problem-title"
          eyebrow="The problem"
          title="Software Development is Broken"
          lead="Most projects commit the whole budget to an idea nobody has seen working. The result is late surprises, long rework and launches that miss what users needed."
          inverted
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {PROBLEMS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-white/10 bg-white/5 p-7">
              <span className="flex size-11 items-center justify-center rounded-xl bg-red-500/15 text-red-300">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
