// The size text of a Project Documents row (dashboard): its own module, so the dashboard loads no schema library.

/** "PDF • 2.3 MB" from a content type and a byte count (the type's label and the size of the real file, one decimal). */
export function documentMeta(contentType: string | null, size: number | null): string | null {
  const type = contentType ? documentTypeLabel(contentType) : null;
  const bytes = size === null ? null : formatBytes(size);
  return [type, bytes].filter(Boolean).join(" • ") || null;
}

function documentTypeLabel(contentType: string): string {
  if (contentType === "application/pdf") return "PDF";
  if (contentType.includes("wordprocessingml")) return "DOCX";
  if (contentType === "application/msword") return "DOC";
  return contentType.split("/")[1]?.toUpperCase() ?? contentType;
}

/** "812 B", "34 KB", "5.0 MB", "1.2 GB" (one decimal from a megabyte on). */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  if (size < 1024 * 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(1)} MB`;
  return `${(size / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}
