// /how-it-works: the three steps, then what happens along the way, with how long each part takes.
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { BookCallLink, StartProjectLink } from "../components/cta-links";
import { Faq } from "../components/Faq";
import { PageHero } from "../components/PageHero";
import { PageSection, PublicLayout } from "../components/PublicLayout";
import { FinalCtaSection } from "../sections/FinalCtaSection";
import { StepsSection } from "../sections/StepsSection";

/** The journey through the portal, with how long each step takes. */
const JOURNEY = [
  {
    title: "Create your company profile",
    time: "5-10 mins",
    text: "Sign in with a one-time code sent to your email and tell us who you are.",
  },
  {
    title: "Sign the NDA",
    time: "5 mins",
    text: "Sign digitally in the portal, confirmed with a code, before you share any detail.",
  },
  {
    title: "Describe your requirements",
    time: "15-30 mins",
    text: "Our AI-powered questionnaire guides you and writes a 2-page brief you can edit and confirm.",
  },
  {
    title: "Meet the team",
    time: "30 mins",
    text: "A short meeting to walk through the brief and agree on what the prototype covers.",
  },
  { title: "Discuss the details", time: "1 hour", text: "We settle the open questions so the build runs without surprises." },
  {
    title: "We build your prototype",
    time: MARKETING_FIGURES.deliveryRange,
    text: "While we design and build the key flows, you get a progress update every day: on your dashboard and by email.",
  },
  {
    title: "Test and iterate",
    time: "3-7 days each",
    text: "Invite your stakeholders, collect their feedback in the portal, and refine over 3 iteration rounds.",
  },
  {
    title: "Approve and hand over",
    time: "1-2 days",
    text: "You give final approval and we hand the blueprint to your development team.",
  },
];

const FAQ = [
  {
    question: "Do I need technical knowledge to get started?",
    answer:
      "No. The questionnaire asks about your business, your users and what they need to do. We turn the answers into screens and requirements.",
  },
  {
    question: "How is my idea kept confidential?",
    answer:
      "You sign a digital NDA in the portal before you describe your requirements, and we countersign it. Only the people you invite see your prototype.",
  },
  {
    question: "What if the first version is not quite right?",
    answer: `Every package includes ${MARKETING_FIGURES.iterationRounds} iteration rounds. Your stakeholders leave feedback in the portal and we refine the prototype until you give final approval.`,
  },
  {
    question: "What does my development team receive at the end?",
    answer:
      "The approved prototype and a business requirements document written against it: the blueprint your developers build from, whoever they are.",
  },
];

export default function HowItWorksPage() {
  return (
    <PublicLayout page="howItWorks">
      <PageHero
        eyebrow="How It Works"
        title={`From your idea to a prototype you can click in ${MARKETING_FIGURES.deliveryRange}`}
        lead="Share your vision on day 0, we build while you watch the progress, then you test and perfect it with your stakeholders on your own timeline."
      >
        <StartProjectLink />
        <BookCallLink />
      </PageHero>

      <StepsSection headingId="how-steps-title" />

      <PageSection
        id="journey-title"
        eyebrow="Along the way"
        title="What happens, and how long it takes"
        lead="Everything runs through your client portal, so you always know where your project stands."
        width="max-w-4xl"
      >
        <ol className="relative mt-12 grid gap-0 border-l-2 border-brand-100 pl-8">
          {JOURNEY.map((item, index) => (
            <li key={item.title} className="relative pb-10 last:pb-0">
              <span className="absolute top-0 -left-[2.85rem] flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white ring-4 ring-white">
                {index + 1}
              </span>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h3 className="text-lg font-semibold text-slate-950">{item.title}</h3>
                <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-medium text-slate-700">{item.time}</span>
              </div>
              <p className="mt-2 leading-relaxed text-slate-600">{item.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <div className="bg-slate-50">
        <Faq id="how-faq-title" items={FAQ} />
      </div>
      <div className="pt-20">
        <FinalCtaSection />
      </div>
    </PublicLayout>
  );
}
