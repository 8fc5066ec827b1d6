// Whether a chosen file may be uploaded, decided by its size and its first bytes (never its name or claimed type).
// The browser checks at once with these rules; the server decides again with the same detector.
import { FILE_MESSAGES, MAX_DOCUMENT_BYTES, MAX_SCREENSHOT_BYTES } from "../constants/files";
import { type DetectedFileType, detectFileType } from "./detect-file-type";
import { hasTooManyPixels } from "./image-dimensions";

export type FileRule = {
  category: DetectedFileType["category"];
  maxBytes: number;
  tooLarge: string;
  wrongType: string;
  /** The file input's `accept` hint for the browser's picker (the bytes still decide). */
  accept: string;
};

export const SCREENSHOT_RULE: FileRule = {
  category: "image",
  maxBytes: MAX_SCREENSHOT_BYTES,
  tooLarge: FILE_MESSAGES.imageTooLarge,
  wrongType: FILE_MESSAGES.notAnImage,
  accept: "image/png,image/jpeg,image/webp,image/gif",
};

export const DOCUMENT_RULE: FileRule = {
  category: "document",
  maxBytes: MAX_DOCUMENT_BYTES,
  tooLarge: FILE_MESSAGES.documentTooLarge,
  wrongType: FILE_MESSAGES.notADocument,
  accept:
    ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** A DOCX names its word/ part in a local header near the start; this much is enough to find it. */
const HEAD_BYTES = 1024 * 1024;

/** Why this file breaks the rule (the message to show), or null when it may be uploaded. */
export async function fileProblem(file: Blob, rule: FileRule): Promise<string | null> {
  if (file.size > rule.maxBytes) return rule.tooLarge;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (detectFileType(head)?.category !== rule.category) return rule.wrongType;
  // An image's size is read from its header before anything decodes it (a small file can hold a huge image).
  return rule.category === "image" && hasTooManyPixels(head) ? FILE_MESSAGES.tooManyPixels : null;
}
