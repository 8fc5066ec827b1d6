// The "Project" selector of the customer's project pages; shown only when there is more than one to choose from.

import type { Project } from "../../../shared/schemas/project";
import { cn } from "../../lib/cn";
import { Field } from "../ui/field";
import { Select } from "../ui/select";

export function ProjectSelect(props: {
  id: string;
  projects: readonly Project[];
  selectedId: string;
  onSelect: (projectId: string) => void;
  className?: string;
}) {
  if (props.projects.length <= 1) return null;
  return (
    <Field id={props.id} label="Project" className={cn(props.className, "flex flex-col gap-2 sm:flex-row sm:items-center")}>
      {(control) => (
        <Select
          {...control}
          aria-label="Project"
          className="sm:max-w-md"
          value={props.selectedId}
          onValueChange={props.onSelect}
          options={props.projects.map((project) => ({
            value: project.id,
            label: `${project.projectCode} — ${project.projectName ?? "Untitled project"}`,
          }))}
        />
      )}
    </Field>
  );
}
