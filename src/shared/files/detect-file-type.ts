// Decides what a file is from its first bytes: never from its name or the type the sender claims.
// The server decides with it; the browser uses it to say at once that a renamed file is not an image.

export type DetectedFileType = {
  contentType: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "application/pdf" | "application/msword" | DocxType;
  extension: "png" | "jpg" | "webp" | "gif" | "pdf" | "doc" | "docx";
  category: "image" | "document";
};

type DocxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/** A DOCX is a ZIP whose entries include word/…; the local headers name them, so a bounded scan finds one. */
function isDocx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_LOCAL_HEADER)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const latin1 = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
  let offset = 0;
  for (let entries = 0; entries < 64 && startsWith(bytes, ZIP_LOCAL_HEADER, offset); entries++) {
    if (offset + 30 > bytes.length) return false;
    const flags = view.getUint16(offset + 6, true);
    const compressedSize = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    if (latin1(offset + 30, offset + 30 + nameLength).startsWith("word/")) return true;
    // Sizes after the data (bit 3) cannot be skipped without inflating: fall back to looking for the name.
    if (flags & 0x08) return containsAscii(bytes, "word/document.xml");
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return false;
}

function containsAscii(bytes: Uint8Array, needle: string): boolean {
  const first = needle.charCodeAt(0);
  outer: for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: "image/png", extension: "png", category: "image" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg", category: "image" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { contentType: "image/webp", extension: "webp", category: "image" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")))
    return { contentType: "image/gif", extension: "gif", category: "image" };
  if (startsWith(bytes, ascii("%PDF-"))) return { contentType: "application/pdf", extension: "pdf", category: "document" };
  if (startsWith(bytes, OLE_COMPOUND_FILE)) return { contentType: "application/msword", extension: "doc", category: "document" };
  if (isDocx(bytes)) {
    return {
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      extension: "docx",
      category: "document",
    };
  }
  return null;
}
