// The one filter for text people type that others will read (names in sign-in, contact, profile, NDA, projects):
// no control characters, and no bidirectional overrides or isolates, which make a name read differently from what
// is stored (and signed). Multi-line texts may keep line breaks and tabs.

/** C0 controls, DEL, C1 controls, bidi embeddings/overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const UNSAFE_ON_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_GLOBAL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function hasUnsafeCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? UNSAFE_IN_MULTILINE : UNSAFE_ON_ONE_LINE).test(value);
}

/**
 * Typed text made fit for one line someone else reads first (an email subject, a heading): line breaks and runs of
 * spaces become one space, unsafe characters go, and it is cut to `max` characters with an ellipsis.
 */
export function oneLineExcerpt(value: string, max: number): string {
  const line = value.replace(/\s+/g, " ").replace(UNSAFE_GLOBAL, "").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
