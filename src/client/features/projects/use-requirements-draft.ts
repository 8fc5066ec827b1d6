// Typed answers are kept in this browser while typing, per project, so a reload or a failed save loses nothing.
import { REQUIREMENT_TEXT_FIELDS, type RequirementAnswers } from "../../../shared/schemas/requirements";

type StoredDraft<T> = { value: T; savedAt: string };

const key = (kind: string, projectId: string) => `bp:${kind}-draft:${projectId}`;

export function readDraft<T>(kind: string, projectId: string): StoredDraft<T> | null {
  try {
    const raw = localStorage.getItem(key(kind, projectId));
    return raw ? (JSON.parse(raw) as StoredDraft<T>) : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(kind: string, projectId: string, value: T): void {
  try {
    localStorage.setItem(key(kind, projectId), JSON.stringify({ value, savedAt: new Date().toISOString() }));
  } catch {
    // storage full or disabled: the form still holds the text
  }
}

export function clearDraft(kind: string, projectId: string): void {
  try {
    localStorage.removeItem(key(kind, projectId));
  } catch {
    // nothing to clear
  }
}

export function sameAnswers(a: Partial<RequirementAnswers>, b: Partial<RequirementAnswers>): boolean {
  return REQUIREMENT_TEXT_FIELDS.every((field) => (a[field] ?? "").trim() === (b[field] ?? "").trim());
}

/** A stored draft read back, keeping only the questionnaire's fields as strings. */
export function answersFromDraft(value: unknown): RequirementAnswers | null {
  if (!value || typeof value !== "object") return null;
  const source = value as Record<string, unknown>;
  const answers = {} as RequirementAnswers;
  for (const field of REQUIREMENT_TEXT_FIELDS)
    answers[field] = typeof source[field] === "string" ? (source[field] as string) : "";
  return answers;
}
