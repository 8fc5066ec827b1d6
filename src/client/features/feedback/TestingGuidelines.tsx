// The testing guideline lists beside the viewer.
import { CheckCircle2, MessageSquareText } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";

const GUIDELINES = [
  {
    id: "what-to-test",
    title: "What to test",
    icon: CheckCircle2,
    items: [
      "Walk through every page and the main workflows from start to finish",
      "Try forms with normal, empty and unusual input",
      "Check the layout on a desktop browser and on a phone",
      "Note anything that is slow, confusing or missing",
    ],
  },
  {
    id: "how-to-report",
    title: "How to report",
    icon: MessageSquareText,
    items: [
      "One issue or idea per feedback item",
      "Say what you did, what you expected and what happened",
      "Add a screenshot and mark up the problem; blur anything private",
      "Choose Error for something broken, Enhancement for a change",
    ],
  },
];

export function TestingGuidelines() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Testing Guidelines</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {GUIDELINES.map(({ id, title, icon: Icon, items }) => (
          <section key={id} aria-labelledby={id} className="grid gap-2">
            <h3 id={id} className="text-sm font-semibold text-slate-900">
              {title}
            </h3>
            <ul className="grid gap-2">
              {items.map((item) => (
                <li key={item} className="flex gap-2 text-sm text-slate-700">
                  <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
