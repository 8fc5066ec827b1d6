// 7. Our Story: founded in 2022, and what the prototypes have led to since.
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { SectionHeading } from "../components/PublicLayout";

const STORY_FIGURES = [
  { value: String(MARKETING_FIGURES.foundedYear), label: "Founded" },
  { value: `${MARKETING_FIGURES.productionLaunchPercent}%`, label: "of our prototypes lead to production launches" },
  { value: `${MARKETING_FIGURES.fasterCodingPercent}%`, label: "faster coding for the teams who build from them" },
  { value: `${MARKETING_FIGURES.responseHours} h`, label: "to answer every message" },
];

export function OurStorySection({ headingId = "story-title" }: { headingId?: string }) {
  return (
    <section aria-labelledby={headingId} className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id={headingId}
            eyebrow="Our Story"
            title="We started Blueprint to stop good ideas dying in the spec"
            align="left"
          />
          <div className="mt-6 grid gap-4 text-lg leading-relaxed text-slate-600">
            <p>
              We founded Blueprint in {MARKETING_FIGURES.foundedYear} after years of watching the same pattern: a promising idea,
              a thick requirements document, months of development, and a launch that missed what users actually needed.
            </p>
            <p>
              So we flipped the order. First a working prototype that everyone can click, test and argue about; then the
              requirements, written against something real. Building that way, {MARKETING_FIGURES.productionLaunchPercent}% of our
              prototypes have gone on to production launches, and the teams that build from them code{" "}
              {MARKETING_FIGURES.fasterCodingPercent}% faster.
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {STORY_FIGURES.map((figure) => (
            <div key={figure.label} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <dt className="sr-only">{figure.label}</dt>
              <dd className="text-4xl font-bold tracking-tight text-brand-700">{figure.value}</dd>
              <dd className="mt-2 text-sm text-slate-600">{figure.label}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
