// The one Content-Disposition (RFC 6266) for every file the server sends (documents, stored files, the data export):
// an ASCII fallback name (accents reduced to their letters, anything else outside printable ASCII and every quote or
// backslash dropped) for old clients, and the exact UTF-8 name in filename* (RFC 8187) for the rest.

/** An RFC 6266 header: an ASCII fallback name plus the UTF-8 name in filename* (RFC 8187). */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const ascii =
    filename
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "download";
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(filename)}`;
}

/** encodeURIComponent leaves ' ( ) * ! unescaped, which RFC 8187's attr-char does not allow. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
