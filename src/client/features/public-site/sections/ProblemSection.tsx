// 2. 'Software Development is Broken': why building straight from a document fails.
import { Banknote, FileQuestion, Hourglass } from "lucide-react";
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { formatPrice } from "../../../../shared/constants/packages";
import { FeatureCard } from "../components/FeatureCard";
import { PageSection } from "../components/PublicLayout";

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
    <PageSection
      id="problem-title"
      eyebrow="The problem"
      title="Software Development is Broken"
      lead="Most projects commit the whole budget to an idea nobody has seen working. The result is late surprises, long rework and launches that miss what users needed."
      tone="dark"
    >
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {PROBLEMS.map((item) => (
          <FeatureCard key={item.title} {...item} tone="dark" />
        ))}
      </ul>
    </PageSection>
  );
}
