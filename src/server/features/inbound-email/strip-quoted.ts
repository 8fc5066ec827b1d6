// Keeps only what the person wrote in an emailed reply: cuts at the first quoted line ("> ..."), the "On <date>,
// <name> wrote:" header (also when a mail program wrapped it over two lines), an Outlook header block or
// "Original Message" separator, or a signature ("-- "). Line by line with bounded patterns on bounded lines, so the
// time is linear in the input whatever a sender puts in it (a library's backtracking patterns would not promise that).

export const STRIP_LIMITS = { maxChars: 64 * 1024, maxLineChars: 2_000 } as const;

const WROTE = /^(On|Le|Am|El|Il|Op|Em)\s.{1,400}(wrote|écrit|schrieb|escribió|scritto|schreef|escreveu)\s?:\s*$/i;
const SEPARATOR = /^\s*(-{2,}\s*(Original Message|Forwarded message)\s*-{2,}|_{20,})\s*$/i;
const HEADER = /^\s*\*?(From|De|Von|Van|Da)\s?:\*?\s.{1,400}$/i;
const HEADER_NEXT = /^\s*\*?(Sent|Date|To|Subject|Envoyé|Gesendet|Enviado)\s?:/i;
const SIGNATURE = /^(--|-- |Sent from my .{1,80}|Get Outlook for .{1,80})\s*$/i;

export function stripQuotedReply(text: string): string {
  const lines = text.slice(0, STRIP_LIMITS.maxChars).replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  const lineAt = (i: number) => (lines[i] ?? "").slice(0, STRIP_LIMITS.maxLineChars);
  for (let i = 0; i < lines.length; i++) {
    const line = lineAt(i);
    const next = lineAt(i + 1);
    if (line.trimStart().startsWith(">")) break;
    if (WROTE.test(line) || (/^(On|Le|Am|El|Il|Op|Em)\s/i.test(line) && WROTE.test(`${line} ${next}`))) break;
    if (SEPARATOR.test(line)) break;
    if (HEADER.test(line) && (HEADER_NEXT.test(next) || HEADER_NEXT.test(lineAt(i + 2)))) break;
    if (SIGNATURE.test(line)) break;
    kept.push(line);
  }
  return kept.join("\n").trim();
}
