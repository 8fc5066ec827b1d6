// The project the customer is working on: the first one unless they chose another (the choice is remembered).
import { useCallback, useEffect, useState } from "react";
import type { Project } from "../../../../shared/schemas/project";
import { useProjects } from "./get-projects";

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
    // private mode: the choice lasts for this page only
  }
}

export function useSelectedProject() {
  const projects = useProjects();
  const [choice, setChoice] = useState<string | null>(readChoice);
  const list = projects.data ?? [];
  const selected: Project | undefined = list.find((project) => project.id === choice) ?? list[0];

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setChoice(event.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const select = useCallback((projectId: string) => {
    rememberProject(projectId);
    setChoice(projectId);
  }, []);

  return { projects, list, selected, select };
}
