// The "Project" selector: which of the customer's projects the page shows; shown only when there is more than one
// to choose from. The shell puts it in the top bar of every project page (layout/ProjectInView).

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
  /** "bar": compact, for the top bar (the label is read out but shown only from the small breakpoint up). */
  variant?: "page" | "bar";
}) {
  if (props.projects.length <= 1) return null;
  const bar = props.variant === "bar";
  return (
    <Field
      id={props.id}
      label="Project"
      className={cn(props.className, bar ? "flex min-w-0 items-center gap-2" : "flex flex-col gap-2 sm:flex-row sm:items-center")}
      labelClassName={bar ? "sr-only text-sm font-medium text-slate-800 sm:not-sr-only" : undefined}
    >
      {(control) => (
        <Select
          {...control}
          className={bar ? "w-full min-w-0 sm:w-80 [&>span]:truncate" : "sm:max-w-md"}
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
