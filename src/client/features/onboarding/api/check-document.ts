// POST /api/verify-document: uploads a PDF and learns whether this portal issued exactly that file.
import type { DocumentCheck } from "../../../../shared/schemas/nda";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export function checkDocument(file: File): Promise<DocumentCheck> {
  const body = new FormData();
  body.append("file", file);
  return apiRequest<DocumentCheck>("POST", API.verifyDocument.path(), body);
}
