// A titled page whose content arrives with its own feature; it says plainly what the page is for.

import { Card, CardContent } from "../ui/card";
import { PageHeader } from "./PageHeader";

export function SectionPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent className="pt-6 text-slate-600">{description}</CardContent>
      </Card>
    </>
  );
}
