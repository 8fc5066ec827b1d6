// POST /api/projects/{id}/requirements/generate: writes the brief (AI service or built-in composer).
import type { BriefGeneratorChoice, Requirements } from "../../../../shared/schemas/requirements";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { useRequirementsMutation } from "./save-requirements";

export const generateBrief = (projectId: string, generator: BriefGeneratorChoice | undefined) =>
  apiRequest<Requirements>("POST", API.generateBrief.path({ projectId }), generator ? { generator } : {});

export function useGenerateBrief(projectId: string) {
  return useRequirementsMutation(projectId, (generator: BriefGeneratorChoice | undefined) => generateBrief(projectId, generator));
}

/** GET /api/projects/{id}/brief.pdf, opened as a link (the browser downloads it). */
export function briefPdfUrl(projectId: string): string {
  return API.briefPdf.path({ projectId });
}
