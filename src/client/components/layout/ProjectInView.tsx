// The one project selector of the customer's project pages (the route table's `projectScoped` rows), in the top
// bar, so it is in the same place on every one of them; shown when there are two projects or more.
import { useLocation } from "react-router";
import { isProjectScoped } from "../../../shared/routes";
import { useSelectedProject } from "../../features/projects/api/use-selected-project";
import { ProjectSelect } from "../project/ProjectSelect";

export function ProjectInView() {
  const { pathname } = useLocation();
  const scoped = isProjectScoped("customer", pathname);
  const { list, selected, select } = useSelectedProject({ enabled: scoped });
  if (!scoped || !selected || list.length < 2) return null;
  return <ProjectSelect id="project-in-view" projects={list} selectedId={selected.id} onSelect={select} variant="bar" />;
}
