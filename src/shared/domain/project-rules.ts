// Rules about what a project allows right now.

type ProjectGate = { prototypeUrl?: string | null; status?: string | null } | null | undefined;

/**
 * Team members can be added (and User Management opens) once a prototype is up, from testing onward: after completion
 * too, so the client's developers can join for the hand-over.
 */
export function prototypeReadyForTeam(project: ProjectGate): boolean {
  return Boolean(project?.prototypeUrl) && (project?.status === "testing" || project?.status === "completed");
}
