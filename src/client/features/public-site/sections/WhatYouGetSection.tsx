// 3. 'See Your Software Vision Before You Build It': what a client receives.
import { Check, FileText, MousePointerClick, ScrollText } from "lucide-react";
import { ENGAGEMENT_INCLUDES, MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { FeatureCard } from "../components/FeatureCard";
import { PageSection } from "../components/PublicLayout";

export const DELIVERABLES = [
  {
    icon: MousePointerClick,
    title: "A working, high-fidelity prototype",
    text: "Real screens and real flows your stakeholders can click through on their own devices, hosted for you.",
  },
  {
    icon: FileText,
    title: `A ${MARKETING_FIGURES.briefPages}-page brief`,
    text: "Produced from an AI-powered questionnaire: your idea, users, features and priorities on two pages everyone can agree on.",
  },
  {
    icon: ScrollText,
    title: "A business requirements document",
    text: "The BRD your development team builds from, written against the prototype everyone has already approved.",
  },
];

export function WhatYouGetSection() {
  return (
    <PageSection
      id="vision-title"
      eyebrow="What you get"
      title="See Your Software Vision Before You Build It"
      lead={`In ${MARKETING_FIGURES.deliveryRange} your idea becomes something people can use, test and sign off, with the documents your developers need to build it right the first time.`}
    >
      <div className="mt-14 grid gap-8 lg:grid-cols-5">
        <ul className="grid gap-5 lg:col-span-3">
          {DELIVERABLES.map((item) => (
            <FeatureCard key={item.title} {...item} layout="row" compact />
          ))}
        </ul>
        <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-7 text-white lg:col-span-2">
          <h3 className="text-lg font-semibold">Every engagement includes</h3>
          <ul className="mt-5 grid gap-3.5">
            {ENGAGEMENT_INCLUDES.map((item) => (
              <li key={item} className="flex gap-3">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-white/15">
                  <Check className="size-3.5" aria-hidden="true" />
                </span>
                <span className="text-brand-50">{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </PageSection>
  );
}
