// The console's one project picker for a list's filter (the Inbox, Feedback Management): "All projects" or one
// project, by the same choices and labels everywhere (use-project-options.ts); past a hundred projects a search box
// narrows the choices on the server.
import { useState } from "react";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { type ProjectOption, useProjectOptions } from "./use-project-options";

export function ProjectSearchInput(props: { id?: string; value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <Input
      id={props.id}
      type="search"
      aria-label="Find by code or customer"
      placeholder="Find by code or customer"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      className={props.className}
    />
  );
}

export function ProjectFilter(props: {
  label: string;
  /** The chosen project's id, or "" for all. */
  value: string;
  /** The chosen project's code when the page knows it already (from its address). */
  code?: string;
  onChange: (project: ProjectOption | null) => void;
}) {
  const [search, setSearch] = useState("");
  const projects = useProjectOptions(search, props.value || undefined, props.code);
  return (
    <>
      {projects.searchable && <ProjectSearchInput value={search} onChange={setSearch} className="md:w-56" />}
      <Select
        aria-label={props.label}
        value={props.value || "all"}
        onValueChange={(value) =>
          props.onChange(value === "all" ? null : (projects.options.find((option) => option.value === value) ?? null))
        }
        options={[{ value: "all", label: "All projects" }, ...projects.options]}
        className="md:w-72"
      />
    </>
  );
}
