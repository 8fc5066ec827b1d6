// /about: who we are, why we work prototype-first, and how we treat your idea.
import { Eye, Handshake, Lock, Zap } from "lucide-react";
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { BookCallLink, StartProjectLink } from "../components/cta-links";
import { FeatureCard } from "../components/FeatureCard";
import { PageHero } from "../components/PageHero";
import { PageSection, PublicLayout } from "../components/PublicLayout";
import { FinalCtaSection } from "../sections/FinalCtaSection";
import { OurStorySection } from "../sections/OurStorySection";

const PRINCIPLES = [
  {
    icon: Eye,
    title: "Show, don't describe",
    text: "A prototype you can click settles in minutes what a document leaves open for months. We put working software in front of you first.",
  },
  {
    icon: Lock,
    title: "Confidential by default",
    text: "You sign a digital NDA before you share a single detail. Your idea, your documents and your prototype stay between us and your team.",
  },
  {
    icon: Zap,
    title: "Fast, and never in the dark",
    text: `A working prototype in ${MARKETING_FIGURES.deliveryRange}, with daily progress updates in your portal and by email while we build.`,
  },
  {
    icon: Handshake,
    title: "Built to hand over",
    text: "We finish with final approval and hand the blueprint, the prototype and the requirements, to your development team.",
  },
];

const AUDIENCES = [
  { title: "Founders", text: "Validate an idea with users and investors before you fund a full build." },
  { title: "Product teams", text: "Align stakeholders on one clickable version of the product before a sprint is planned." },
  { title: "Business owners", text: "Turn a process you know inside out into software requirements a developer can price." },
];

export default function AboutPage() {
  return (
    <PublicLayout page="about">
      <PageHero
        eyebrow="About Us"
        title="We help teams see their software before they build it"
        lead={`Since ${MARKETING_FIGURES.foundedYear}, Blueprint has turned ideas into working, high-fidelity prototypes and business requirements documents, so the people paying for software know exactly what they will get.`}
      >
        <StartProjectLink />
        <BookCallLink />
      </PageHero>

      <OurStorySection headingId="about-story-title" />

      <PageSection id="principles-title" eyebrow="How we work" title="Four principles behind every prototype">
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {PRINCIPLES.map((item) => (
            <FeatureCard key={item.title} {...item} layout="row" />
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="audience-title"
        eyebrow="Who we work with"
        title="For anyone about to spend real money on software"
        lead={`Whoever you are, the promise is the same: a working prototype in ${MARKETING_FIGURES.deliveryRange} and ${MARKETING_FIGURES.iterationRounds} iteration rounds to get it right.`}
        tone="muted"
      >
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((audience) => (
            <li key={audience.title} className="rounded-2xl border border-slate-200 bg-white p-7">
              <h3 className="text-lg font-semibold text-slate-950">{audience.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{audience.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <div className="pt-20">
        <FinalCtaSection />
      </div>
    </PublicLayout>
  );
}
