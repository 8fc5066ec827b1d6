// A PDF's text as poppler's pdftotext reads it: what a person opening the file sees.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function pdfText(bytes: Buffer | Uint8Array, options: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", [...(options.layout ? ["-layout"] : []), file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
