// Which of the caller's projects a project page shows: the one the URL names (`?project=PRJ-…`), else the one last
// chosen on this device, else the first. The client's useSelectedProject and the sidebar's links read this.

/** The URL parameter naming the project in view, by its code. */
export const PROJECT_PARAM = "project";

type Candidate = { id: string; projectCode: string };

export function projectInView<P extends Candidate>(
  projects: readonly P[],
  codeInUrl: string | null,
  storedId: string | null,
): { project: P | undefined; unknownCode: boolean } {
  if (codeInUrl) {
    const named = projects.find((project) => project.projectCode === codeInUrl);
    if (named) return { project: named, unknownCode: false };
    return { project: projects[0], unknownCode: projects.length > 0 };
  }
  return { project: projects.find((project) => project.id === storedId) ?? projects[0], unknownCode: false };
}

/** A path with the project in view added to its query (other parameters kept). */
export function withProject(path: string, projectCode: string | null | undefined): string {
  if (!projectCode) return path;
  const [pathname = "", query = ""] = path.split("?", 2);
  const params = new URLSearchParams(query);
  params.set(PROJECT_PARAM, projectCode);
  return `${pathname}?${params.toString()}`;
}
