// The project in view: `?project=<projectCode>` in the URL (links and reloads keep it), else the one last chosen on
// this device, else the first. An unknown code shows the first project and the URL is corrected in place.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PROJECT_PARAM, projectInView } from "../../../../shared/domain/project-in-view";
import type { Project } from "../../../../shared/schemas/project";
import { projectsQueryOptions } from "./get-projects";

const STORAGE_KEY = "bp:selected-project";

function readChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberProject(projectId: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, projectId);
  } catch {
    // private mode: the URL still carries the choice
  }
}

/** A list's page, an opened thread and General support (`scope`) belong to what was in view: choosing a project drops them. */
const PER_PROJECT_PARAM = /(^|-)page$|^thread$|^scope$/;

export function useSelectedProject(options: { enabled?: boolean } = {}) {
  const projects = useQuery({ ...projectsQueryOptions(), enabled: options.enabled ?? true });
  const [params, setParams] = useSearchParams();
  const [stored, setStored] = useState<string | null>(readChoice);
  const list = projects.data ?? [];
  const code = params.get(PROJECT_PARAM);
  const { project: selected, unknownCode } = projectInView(list, code, stored);

  // Another tab's choice becomes this tab's default (the URL, when it names one, still wins).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setStored(event.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // A link that named a project (an email, a bookmark) makes it the default for visits without one.
  useEffect(() => {
    if (selected && code === selected.projectCode && stored !== selected.id) {
      rememberProject(selected.id);
      setStored(selected.id);
    }
  }, [selected, code, stored]);

  // A code that names none of the caller's projects (deleted, or not theirs): the URL says what is shown.
  // Not while the list is being asked again: a project just created may be on its way.
  const correctTo = unknownCode && selected && !projects.isFetching ? selected.projectCode : null;
  useEffect(() => {
    if (!correctTo) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PROJECT_PARAM, correctTo);
        return next;
      },
      { replace: true },
    );
  }, [correctTo, setParams]);

  /** Puts a project in view; `projectCode` for one the list does not hold yet (just created). */
  const select = useCallback(
    (projectId: string, projectCode?: string) => {
      const project =
        list.find((candidate) => candidate.id === projectId) ?? (projectCode ? { id: projectId, projectCode } : null);
      if (!project) return;
      rememberProject(project.id);
      setStored(project.id);
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of [...next.keys()]) if (PER_PROJECT_PARAM.test(key)) next.delete(key);
        next.set(PROJECT_PARAM, project.projectCode);
        return next;
      });
    },
    [list, setParams],
  );

  return { projects, list, selected: selected as Project | undefined, select };
}
