// /prototyping: what a Blueprint prototype is, what we prototype, and how it compares with building straight away.
import { BarChart3, Blocks, Building2, Check, Cloud, Globe, ShoppingCart, Smartphone, X } from "lucide-react";
import type { ReactNode } from "react";
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { formatPrice, PACKAGES } from "../../../../shared/constants/packages";
import { BookCallLink, DownloadDeckLink, StartProjectLink } from "../components/cta-links";
import { FeatureCard } from "../components/FeatureCard";
import { PageHero } from "../components/PageHero";
import { PageSection, PublicLayout } from "../components/PublicLayout";
import { FinalCtaSection } from "../sections/FinalCtaSection";
import { DELIVERABLES } from "../sections/WhatYouGetSection";

/** The project types of the contact form's list, each with what its prototype shows. */
const PROJECT_TYPES = [
  { icon: Globe, title: "Web Application", text: "Sign-up, core workflows and account areas, in the browser." },
  { icon: Smartphone, title: "Mobile App", text: "Phone-sized screens and gestures your users can try on their own device." },
  { icon: BarChart3, title: "Dashboard/Analytics", text: "Charts, filters and drill-downs with realistic sample data." },
  { icon: ShoppingCart, title: "E-commerce Platform", text: "Catalogue, cart and checkout flows, end to end." },
  { icon: Cloud, title: "SaaS Platform", text: "Onboarding, plans, team management and the product's core loop." },
  { icon: Blocks, title: "API Development", text: "A working API surface with sample requests, plus the screens that use it." },
  { icon: Building2, title: "Enterprise System", text: "Role-based views, approvals and the reports each department needs." },
];

const usd = (amount: number) => formatPrice(amount, "USD");
const COMPARISON = [
  { topic: "First working version", blueprint: MARKETING_FIGURES.deliveryRange, traditional: "Months into the project" },
  {
    topic: "Money committed before anyone sees it",
    blueprint: `${usd(PACKAGES.basic.prices.USD)}-${usd(PACKAGES.premium.prices.USD)} per prototype`,
    traditional: `The build budget, often ${usd(MARKETING_FIGURES.traditionalProject)}`,
  },
  { topic: "Feedback from real users", blueprint: "Before development starts", traditional: "After launch" },
  { topic: "Changes", blueprint: "3 iteration rounds included", traditional: "Change requests and rework" },
  {
    topic: "What developers build from",
    blueprint: "An approved prototype and a BRD",
    traditional: "A document open to interpretation",
  },
];

/** One side of a comparison row: a tick for the prototype's way, a cross for the traditional one. */
function ComparisonCell({ better, children }: { better: boolean; children: ReactNode }) {
  const Icon = better ? Check : X;
  return (
    <td className={better ? "p-4 text-slate-800" : "p-4 text-slate-600"}>
      <span className="flex gap-2">
        <Icon className={`size-4 shrink-0 ${better ? "text-emerald-600" : "text-red-500"}`} aria-hidden="true" />
        {children}
      </span>
    </td>
  );
}

export default function PrototypingPage() {
  return (
    <PublicLayout page="prototyping">
      <PageHero
        eyebrow="Prototyping"
        title="High-fidelity prototypes that feel like the real product"
        lead="Not wireframes and not slides: working screens and flows your users can click through, delivered with the requirements your developers need."
      >
        <StartProjectLink />
        <DownloadDeckLink variant="outline" />
      </PageHero>

      <PageSection id="deliverables-title" eyebrow="What you receive" title="One prototype, three deliverables">
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {DELIVERABLES.map((item) => (
            <FeatureCard key={item.title} {...item} />
          ))}
        </ul>
        <p className="mx-auto mt-10 max-w-3xl rounded-2xl bg-brand-50 p-5 text-center text-brand-900">
          Your prototype is hosted for you with {MARKETING_FIGURES.hostedAccessYears}-year access, so your team and investors can
          keep coming back to it.
        </p>
      </PageSection>

      <PageSection
        id="types-title"
        eyebrow="What we prototype"
        title="From a single web app to an enterprise system"
        lead="If people will use it on a screen, we can put a working version of it in front of them."
        tone="muted"
      >
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PROJECT_TYPES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <Icon className="size-6 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 font-semibold text-slate-950">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="compare-title"
        eyebrow="Why prototype first"
        title="Prototype first, or build straight away?"
        lead={`${MARKETING_FIGURES.productionLaunchPercent}% of our prototypes lead to production launches, and teams code ${MARKETING_FIGURES.fasterCodingPercent}% faster when they build from one.`}
        width="max-w-5xl"
      >
        <section
          className="mt-12 overflow-x-auto rounded-2xl border border-slate-200"
          aria-label="Prototype and traditional project compared, scrollable"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard on small screens
          tabIndex={0}
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Blueprint prototype compared with a traditional project</caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="p-4 font-semibold">
                  <span className="sr-only">Topic</span>
                </th>
                <th scope="col" className="p-4 font-semibold text-brand-800">
                  With a Blueprint prototype
                </th>
                <th scope="col" className="p-4 font-semibold">
                  Traditional project
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {COMPARISON.map((row) => (
                <tr key={row.topic}>
                  <th scope="row" className="p-4 font-medium text-slate-900">
                    {row.topic}
                  </th>
                  <ComparisonCell better>{row.blueprint}</ComparisonCell>
                  <ComparisonCell better={false}>{row.traditional}</ComparisonCell>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <div className="mt-10 flex justify-center">
          <BookCallLink />
        </div>
      </PageSection>

      <FinalCtaSection />
    </PublicLayout>
  );
}
