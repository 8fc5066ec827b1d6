// Files are addressed by the SHA-256 (lower-case hex) of their bytes: the same content is stored once.
import { createHash } from "node:crypto";

const CONTENT_ID = /^[0-9a-f]{64}$/;

export function contentIdOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Anything that is not a content id names no file. */
export function isContentId(value: string): boolean {
  return CONTENT_ID.test(value);
}
