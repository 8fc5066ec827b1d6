// Rules about what a project allows right now.

type ProjectGate = { prototypeUrl?: string | null; status?: string | null } | null | undefined;

/** Team members can be added (and User Management opens) once a prototype is up and the project is in testing. */
export function prototypeReadyForTeam(project: ProjectGate): boolean {
  return Boolean(project?.prototypeUrl) && project?.status === "testing";
}
