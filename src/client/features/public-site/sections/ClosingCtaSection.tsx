// 9. Closing calls to action: start, talk to us, or take the deck to your team.
import { ArrowRight, CalendarClock, Download } from "lucide-react";
import { MEETING_LENGTHS, SALES_DECK_PATH } from "../../../../shared/constants/marketing";
import { bookingUrl } from "../../../lib/runtime-config";
import { PageSection } from "../components/PublicLayout";

export function ClosingCtaSection() {
  const cards = [
    {
      icon: ArrowRight,
      title: "Start Your Project",
      text: "Sign in with your email, no password needed, and tell us about your idea today.",
      href: "/auth",
      external: false,
    },
    {
      icon: CalendarClock,
      title: "Book Discovery Call",
      text: `A ${MEETING_LENGTHS.bookedCallMinutes}-minute call to walk through your idea and the right package.`,
      href: bookingUrl(),
      external: true,
    },
    {
      icon: Download,
      title: "Download Deck",
      text: "Our process, packages, prices and ROI in one PDF to share with your team.",
      href: SALES_DECK_PATH,
      external: false,
    },
  ];
  return (
    <PageSection
      id="closing-title"
      eyebrow="Next step"
      title="Ready to see your idea working?"
      lead="Choose how you want to begin. Whichever you pick, you talk to the people who will build your prototype."
      tone="muted"
    >
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {cards.map(({ icon: Icon, title, text, href, external }) => (
          <li key={title}>
            <a
              href={href}
              {...(external
                ? { target: "_blank", rel: "noopener noreferrer" }
                : href === SALES_DECK_PATH
                  ? { download: true }
                  : {})}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700 group-hover:bg-brand-700 group-hover:text-white">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="mt-5 text-lg font-semibold text-slate-950">
                {title}
                {external && <span className="sr-only"> (opens in a new tab)</span>}
              </span>
              <span className="mt-2 leading-relaxed text-slate-600">{text}</span>
            </a>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
