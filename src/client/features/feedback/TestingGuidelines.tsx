// The testing guideline lists beside the viewer.
import { CheckCircle2, MessageSquareText } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";

const WHAT_TO_TEST = [
  "Walk through every page and the main workflows from start to finish",
  "Try forms with normal, empty and unusual input",
  "Check the layout on a desktop browser and on a phone",
  "Note anything that is slow, confusing or missing",
];

const HOW_TO_REPORT = [
  "One issue or idea per feedback item",
  "Say what you did, what you expected and what happened",
  "Add a screenshot and mark up the problem; blur anything private",
  "Choose Error for something broken, Enhancement for a change",
];

function GuidelineList({ items, icon: Icon }: { items: string[]; icon: typeof CheckCircle2 }) {
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-sm text-slate-700">
          <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export function TestingGuidelines() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Testing Guidelines</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <section aria-labelledby="what-to-test" className="grid gap-2">
          <h3 id="what-to-test" className="text-sm font-semibold text-slate-900">
            What to test
          </h3>
          <GuidelineList items={WHAT_TO_TEST} icon={CheckCircle2} />
        </section>
        <section aria-labelledby="how-to-report" className="grid gap-2">
          <h3 id="how-to-report" className="text-sm font-semibold text-slate-900">
            How to report
          </h3>
          <GuidelineList items={HOW_TO_REPORT} icon={MessageSquareText} />
        </section>
      </CardContent>
    </Card>
  );
}
