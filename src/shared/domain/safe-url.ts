// Which addresses the portal treats as links: a link an admin typed, the page a tester reported.

/** Only http(s) addresses are kept, normalised; anything else (javascript:, data:, not a URL) is null. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
