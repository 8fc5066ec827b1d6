// 'No Project Found': pages that work on a project, before the customer has one.
import { FolderX } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../kit/EmptyState";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

export function NoProjectFound({ purpose }: { purpose: string }) {
  return (
    <Card>
      <EmptyState
        icon={FolderX}
        tone="warning"
        title="No Project Found"
        titleAs="h2"
        description={`Please complete your profile setup to create your project. Once it exists, you can ${purpose} here.`}
      >
        <Button asChild>
          <Link to="/onboarding">Complete Profile Setup</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}
