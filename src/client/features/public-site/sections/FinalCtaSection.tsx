// 11. Final call to action, just above the footer.
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { BookCallLink, StartProjectLink } from "../components/cta-links";

export function FinalCtaSection({ headingId = "final-cta-title" }: { headingId?: string }) {
  return (
    <section aria-labelledby={headingId} className="px-4 pb-20 sm:px-6">
      <div className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-slate-950 px-6 py-14 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_16rem_at_50%_0%,rgba(79,70,229,0.55),transparent_75%)]"
        />
        <h2 id={headingId} className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Your prototype could be ready in {MARKETING_FIGURES.fastestDelivery}
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg text-slate-300">
          Share your vision today, click through it this week, and hand your developers a blueprint they can build from.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <StartProjectLink variant="inverse" />
          <BookCallLink variant="ghostInverse" />
        </div>
      </div>
    </section>
  );
}
