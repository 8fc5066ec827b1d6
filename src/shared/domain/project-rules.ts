// Rules about what a project allows right now.

type ProjectGate = { prototypeUrl?: string | null; hasPrototype?: boolean; status?: string | null } | null | undefined;

/** A prototype is up: an answer that withholds its address (access ended) still says so; a row has the address. */
export function hasPrototype(project: ProjectGate): boolean {
  return project?.hasPrototype ?? Boolean(project?.prototypeUrl);
}

/**
 * Team members can be added (and User Management opens) once a prototype is up, from testing onward: after completion
 * too, so the client's developers can join for the hand-over.
 */
export function prototypeReadyForTeam(project: ProjectGate): boolean {
  return hasPrototype(project) && (project?.status === "testing" || project?.status === "completed");
}
