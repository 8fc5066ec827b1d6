// Fonts for every PDF we draw. A family is four faces; text is set in the first family whose face has a glyph for
// each character, so a script one font lacks falls back to the next embedded font and nothing a customer typed is
// ever drawn as "?". Coverage of the bundled DejaVu Sans is listed in docs/decisions/0007-documents-toolkit.md.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";
import { woffToSfnt } from "./woff";

export type Face = "regular" | "semibold" | "bold" | "italic" | "boldItalic";
/** A family's font files; one without a semibold face uses its bold. The same bytes twice are embedded once. */
export type FamilySource = { name: string; semibold?: Uint8Array; subset?: boolean } & Record<
  Exclude<Face, "semibold">,
  Uint8Array
>;

const require = createRequire(import.meta.url);
let dejaVu: FamilySource | null = null;

/** DejaVu Sans, whole (the fontsource "latin" files hold every glyph): Latin, Greek, Cyrillic, symbols and more. */
export function dejaVuSans(): FamilySource {
  const load = (file: string) =>
    woffToSfnt(readFileSync(require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${file}.woff`)));
  dejaVu ??= {
    name: "DejaVu Sans",
    regular: load("400-normal"),
    bold: load("700-normal"),
    italic: load("400-italic"),
    boldItalic: load("700-italic"),
  };
  return dejaVu;
}

// One parsed font per file for the life of the process, and a layout without shaping: pdf-lib lays out every
// string it measures or draws through fontkit's OpenType engine, which costs ~5x the whole rest of a document.
// Western text needs no shaping; scripts that do (Arabic, Indic) are not shaped by pdf-lib anyway.
const parsed = new WeakMap<Uint8Array, Font>();
type Fontkit = { create: typeof import("@pdf-lib/fontkit").create };
// Loaded with the first document, not at start: evaluating fontkit (it unpacks its Unicode tables) takes ~0.2 s.
// Its module is CommonJS (or the ES build's default export): the functions are on `default`.
let fontkitLoading: Promise<Fontkit> | null = null;
function loadFontkit(): Promise<Fontkit> {
  fontkitLoading ??= import("@pdf-lib/fontkit").then((module) => (module as unknown as { default: Fontkit }).default);
  return fontkitLoading;
}
function parse(fontkit: Fontkit, bytes: Uint8Array): Font {
  let font = parsed.get(bytes);
  if (!font) {
    const created = fontkit.create(bytes as Buffer);
    created.layout = ((text: string) => ({ glyphs: created.glyphsForString(text), positions: [] })) as unknown as Font["layout"];
    parsed.set(bytes, created);
    font = created;
  }
  return font;
}
const cmapOnly = (fontkit: Fontkit) => ({ create: (bytes: Uint8Array) => parse(fontkit, bytes) }) as unknown as Fontkit;

type EmbeddedFace = { pdf: PDFFont; outline: Font };

/** Invisible format characters (joiners, bidi controls, variation selectors) carry no glyph of their own. */
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}/gu;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text as it is drawn: composed, tabs and control characters as spaces, invisible marks dropped. */
export function drawable(text: string): string {
  return text.normalize("NFC").replace(/\t/g, "    ").replace(CONTROL, " ").replace(INVISIBLE, "");
}

/** The faces tried for a character, in order, in each family. */
const FALLBACK_FACES: Record<Face, Face[]> = {
  regular: ["regular"],
  semibold: ["semibold", "bold", "regular"],
  bold: ["bold", "regular"],
  italic: ["italic", "regular"],
  boldItalic: ["boldItalic", "bold", "regular"],
};

export type Run = { text: string; font: PDFFont; width: number };

export class DocumentFonts {
  /** Advance widths at size 1, per font and character: each character is measured once per document. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  private constructor(private readonly families: Partial<Record<Face, EmbeddedFace>>[]) {}

  /** Embeds each family (subset: only the glyphs used end up in the file). The first family is the main one. */
  static async embed(doc: PDFDocument, sources: FamilySource[] = [dejaVuSans()]): Promise<DocumentFonts> {
    const fontkit = await loadFontkit();
    doc.registerFontkit(cmapOnly(fontkit));
    const embedded = new Map<Uint8Array, EmbeddedFace>();
    const families: Partial<Record<Face, EmbeddedFace>>[] = [];
    for (const source of sources) {
      const family: Partial<Record<Face, EmbeddedFace>> = {};
      for (const face of ["regular", "semibold", "bold", "italic", "boldItalic"] as const) {
        const bytes = source[face];
        if (!bytes) continue;
        let found = embedded.get(bytes);
        if (!found) {
          found = { pdf: await doc.embedFont(bytes, { subset: source.subset ?? true }), outline: parse(fontkit, bytes) };
          embedded.set(bytes, found);
        }
        family[face] = found;
      }
      families.push(family);
    }
    return new DocumentFonts(families);
  }

  /** The main family's face, for text we write ourselves (labels, page numbers). */
  main(face: Face = "regular"): PDFFont {
    return this.faceOf(0, face).pdf;
  }

  private faceOf(family: number, face: Face): EmbeddedFace {
    const faces = this.families[family];
    const found = faces?.[face] ?? (face === "semibold" ? faces?.bold : undefined) ?? faces?.regular;
    if (!found) throw new Error(`no font family ${family}`);
    return found;
  }

  /** The face that can draw a character: the wanted face of each family in turn, then each family's regular face. */
  private faceFor(char: string, face: Face): EmbeddedFace | null {
    const code = char.codePointAt(0) ?? 0;
    for (const wanted of FALLBACK_FACES[face]) {
      for (const family of this.families) {
        const candidate = family[wanted];
        if (candidate?.outline.hasGlyphForCodePoint(code)) return candidate;
      }
    }
    return null;
  }

  /** The width of text already known to be drawable in `font` (a run, or part of one). */
  measure(font: PDFFont, text: string, size: number): number {
    let widths = this.widths.get(font);
    if (!widths) {
      widths = new Map();
      this.widths.set(font, widths);
    }
    let total = 0;
    for (const char of text) {
      let width = widths.get(char);
      if (width === undefined) {
        width = font.widthOfTextAtSize(char, 1000) / 1000;
        widths.set(char, width);
      }
      total += width;
    }
    return total * size;
  }

  /**
   * Splits text into runs that one font can draw, with their widths. A character no font has is replaced by its
   * compatibility decomposition when every part is drawable (ﬁ → fi), else by U+FFFD: visibly "not shown here",
   * never a question mark that reads as part of the text.
   */
  runs(text: string, face: Face, size: number): Run[] {
    const runs: Run[] = [];
    let current: { text: string; face: EmbeddedFace; width: number } | null = null;
    const push = (char: string, found: EmbeddedFace) => {
      const width = this.measure(found.pdf, char, size);
      if (current && current.face === found) {
        current.text += char;
        current.width += width;
      } else {
        if (current) runs.push({ text: current.text, font: current.face.pdf, width: current.width });
        current = { text: char, face: found, width };
      }
    };
    for (const char of drawable(text)) {
      const found = this.faceFor(char, face);
      if (found) {
        push(char, found);
        continue;
      }
      const parts = [...char.normalize("NFKD")].map((part) => [part, this.faceFor(part, face)] as const);
      if (parts.length > 1 && parts.every(([, partFace]) => partFace)) {
        for (const [part, partFace] of parts) if (partFace) push(part, partFace);
      } else {
        push("\ufffd", this.faceFor("\ufffd", face) ?? this.faceOf(0, "regular"));
      }
    }
    const last = current as { text: string; face: EmbeddedFace; width: number } | null;
    if (last) runs.push({ text: last.text, font: last.face.pdf, width: last.width });
    return runs;
  }

  width(text: string, face: Face, size: number): number {
    return this.runs(text, face, size).reduce((sum, run) => sum + run.width, 0);
  }
}
