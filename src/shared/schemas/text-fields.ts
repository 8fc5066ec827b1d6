// Field rules every form and route share: a single-line field or a web address with a line break or any other control
// character is refused as typed, before trimming or URL parsing (the URL parser silently drops tabs and line breaks,
// so the raw string would differ from what was checked); a web address is kept as the parser's `href`.
import { z } from "zod";
import { hasUnsafeCharacters } from "../text/safe-text";

export const TEXT_FIELD_MESSAGES = {
  invalidCharacters: "Please remove line breaks and special characters",
} as const;

/** A string schema for one line of text: control characters and bidi overrides refused first. */
export function singleLineString(messages: { required?: string; invalid?: string } = {}) {
  return z
    .string(messages.required ? { error: messages.required } : undefined)
    .refine((value) => !hasUnsafeCharacters(value), messages.invalid ?? TEXT_FIELD_MESSAGES.invalidCharacters);
}

/** The parsed form of a web address, or null when it is not one (or holds a control character). */
export function webAddressHref(value: string): string | null {
  const trimmed = value.trim();
  if (hasUnsafeCharacters(trimmed)) return null;
  return URL.parse(trimmed)?.href ?? null;
}
