// Limits and messages for uploaded files: the client checks early, the server decides.

export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const FILE_KINDS = ["feedback_screenshot", "brd", "invoice", "update_image"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const IMAGE_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

export const FILE_MESSAGES = {
  imageTooLarge: "Image size must be less than 5MB",
  notAnImage: "Please choose a PNG, JPG, WebP or GIF image",
  tooManyPixels: "The image is too large: at most 40 million pixels (for example 8000 × 5000)",
  documentTooLarge: "The file must be smaller than 20MB",
  notADocument: "Please upload a PDF or document file",
} as const;

/** The portal URL a stored file is served at (GET /api/files/{id}). */
export function fileUrl(fileId: string): string {
  return `/api/files/${fileId}`;
}

/** The content id in a portal file URL, or null when the URL is not one. */
export function fileIdFromUrl(url: string): string | null {
  return /^\/api\/files\/([0-9a-f]{64})$/.exec(url)?.[1] ?? null;
}
