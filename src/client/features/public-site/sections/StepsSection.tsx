// 4. The three steps and their timings: Day 0, 48-96 hours, your timeline.
import { FlaskConical, Hammer, Lightbulb } from "lucide-react";
import { DELIVERY_STEPS } from "../../../../shared/constants/marketing";
import { PageSection } from "../components/PublicLayout";

const STEPS = [
  {
    ...DELIVERY_STEPS[0],
    icon: Lightbulb,
    text: "Sign in, sign the NDA online and answer our AI-powered questionnaire. It turns your answers into a 2-page brief you approve before we start.",
  },
  {
    ...DELIVERY_STEPS[1],
    icon: Hammer,
    text: "We design and build a high-fidelity prototype of your key flows, with daily progress updates: 48 hours for BASIC, 72 for ADVANCED, 96 for PREMIUM.",
  },
  {
    ...DELIVERY_STEPS[2],
    icon: FlaskConical,
    text: "Invite your stakeholders, collect their feedback in the portal and refine over 3 iteration rounds until you give final approval.",
  },
];

export function StepsSection({ headingId = "steps-title" }: { headingId?: string }) {
  return (
    <PageSection
      id={headingId}
      eyebrow="How it works"
      title="Three steps from idea to validated prototype"
      lead="No months-long discovery phase. You talk to us today and click through your product this week."
      tone="muted"
    >
      <ol className="relative mt-14 grid gap-6 lg:grid-cols-3">
        {STEPS.map(({ icon: Icon, text, ...step }, index) => {
          return (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <div className="flex items-center justify-between">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{step.timing}</span>
              </div>
              <p className="mt-6 text-sm font-semibold text-slate-500">Step {index + 1}</p>
              <h3 className="mt-1 text-xl font-semibold text-slate-950">{step.title}</h3>
              <p className="mt-3 leading-relaxed text-slate-600">{text}</p>
            </li>
          );
        })}
      </ol>
    </PageSection>
  );
}
