// 'No Project Found': pages that work on a project, before the customer has one.
import { FolderX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";

export function NoProjectFound({ purpose }: { purpose: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <FolderX className="size-7" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold text-slate-900">No Project Found</h2>
        <p className="max-w-md text-slate-600">
          Please complete your profile setup to create your project. Once it exists, you can {purpose} here.
        </p>
        <Button asChild className="mt-2">
          <Link to="/onboarding">Complete Profile Setup</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
