// PAdES seals on issued PDFs. `sealPdf` adds the first signature (the file is rewritten, which is fine before any
// signature exists); `countersignPdf` adds a visible signature in an appended incremental update, so every earlier
// signature still covers exactly the bytes it signed and the new one covers the whole file. @signpdf/signpdf fills
// the placeholder (ByteRange and CMS); signing the same bytes at the same time gives the same file, so seals can be
// cached by their input.
import { SignPdf } from "@signpdf/signpdf";
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFString,
} from "pdf-lib";
import { CadesSigner } from "./cades";
import type { SigningIdentity } from "./signing-identity";

/** Room for the CMS: a 2048- or 4096-bit certificate with a chain of a few certificates fits with margin. */
const SIGNATURE_BYTES = 16_384;

export type SealDetails = {
  /** Why it is signed, shown by PDF readers beside the signature. */
  reason: string;
  location: string;
  /** When the act it records happened; written as the signature's /M (whole seconds). */
  signingTime: Date;
};

/** What /verify shows of each seal. */
export type SealRecord = { signer: string; signedAt: string; reason: string };

export function sealRecord(identity: SigningIdentity, details: SealDetails): SealRecord {
  return { signer: identity.signerName, signedAt: wholeSeconds(details.signingTime).toISOString(), reason: details.reason };
}

function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** What a visible signature shows: drawing operators on its rectangle, with Helvetica (F1) and Helvetica-Bold (F2). */
export type FieldAppearance = (width: number, height: number) => string;

/** Where a visible signature goes: a page (by index) and a rectangle on it, in PDF points. */
export type SignaturePlace = { fieldName: string; pageIndex: number; rect: [number, number, number, number] };

/**
 * Adds a signature field holding an empty signature (the placeholder the signer fills) to the document's objects,
 * and answers every existing object it changed (the page, the form), which an incremental update must rewrite.
 */
function addSignatureField(
  doc: PDFDocument,
  identity: SigningIdentity,
  details: SealDetails,
  place: SignaturePlace,
  appearance: FieldAppearance,
): { added: PDFRef[]; changed: PDFRef[] } {
  const { context } = doc;
  const page = doc.getPage(place.pageIndex);
  const changed: PDFRef[] = [page.ref];
  const added: PDFRef[] = [];
  const dictionary = context.obj({
    Type: "Sig",
    Filter: "Adobe.PPKLite",
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    ByteRange: [
      PDFNumber.of(0),
      PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER),
      PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER),
      PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER),
    ],
    Contents: PDFHexString.of("0".repeat(SIGNATURE_BYTES * 2)),
    // Text strings in UTF-16: names and places may be in any script.
    Reason: PDFHexString.fromText(details.reason),
    Location: PDFHexString.fromText(details.location),
    Name: PDFHexString.fromText(identity.signerName),
    M: PDFString.fromDate(wholeSeconds(details.signingTime)),
  });
  // Kept as raw bytes (never moved into a compressed object stream), so the signer finds the placeholder.
  const raw = new Uint8Array(dictionary.sizeInBytes());
  dictionary.copyBytesInto(raw, 0);
  const signatureRef = context.register(PDFInvalidObject.of(raw));
  added.push(signatureRef);

  const [x1, y1, x2, y2] = place.rect;
  const [width, height] = [x2 - x1, y2 - y1];
  const font = (name: string) =>
    context.register(context.obj({ Type: "Font", Subtype: "Type1", BaseFont: name, Encoding: "WinAnsiEncoding" }));
  const fonts = width > 0 ? { F1: font("Helvetica"), F2: font("Helvetica-Bold") } : null;
  if (fonts) added.push(fonts.F1, fonts.F2);
  const appearanceRef = context.register(
    context.stream(fonts ? appearance(width, height) : "", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, width, height],
      Resources: fonts ? { Font: fonts } : {},
    }),
  );
  const fieldRef = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFHexString.fromText(place.fieldName),
      Rect: place.rect,
      F: 4,
      P: page.ref,
      V: signatureRef,
      AP: { N: appearanceRef },
    }),
  );
  added.push(appearanceRef, fieldRef);

  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray) ?? context.obj([]);
  annots.push(fieldRef);
  const annotsEntry = page.node.get(PDFName.of("Annots"));
  if (annotsEntry instanceof PDFRef) changed.push(annotsEntry);
  else page.node.set(PDFName.of("Annots"), annots);

  const acroFormEntry = doc.catalog.get(PDFName.of("AcroForm"));
  let acroForm = doc.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (acroForm && acroFormEntry instanceof PDFRef) changed.push(acroFormEntry);
  else {
    acroForm ??= context.obj({});
    const acroFormRef = context.register(acroForm);
    doc.catalog.set(PDFName.of("AcroForm"), acroFormRef);
    added.push(acroFormRef);
    changed.push(context.trailerInfo.Root as PDFRef);
  }
  const fields = acroForm.lookupMaybe(PDFName.of("Fields"), PDFArray) ?? context.obj([]);
  fields.push(fieldRef);
  const fieldsEntry = acroForm.get(PDFName.of("Fields"));
  if (fieldsEntry instanceof PDFRef) changed.push(fieldsEntry);
  else acroForm.set(PDFName.of("Fields"), fields);
  // Signatures exist; the file is to be changed only by appending.
  acroForm.set(PDFName.of("SigFlags"), PDFNumber.of(3));

  return { added, changed };
}

async function signPlaceholder(pdf: Buffer, identity: SigningIdentity): Promise<Uint8Array> {
  const signed = await new SignPdf().sign(pdf, new CadesSigner(identity));
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}

/** The first seal: an invisible signature on the first page covering the whole file. */
export async function sealPdf(bytes: Uint8Array, identity: SigningIdentity, details: SealDetails): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  addSignatureField(doc, identity, details, { fieldName: "Seal", pageIndex: 0, rect: [0, 0, 0, 0] }, () => "");
  // A classic cross-reference table, which later incremental updates chain to with /Prev.
  const prepared = await doc.save({ useObjectStreams: false });
  return signPlaceholder(Buffer.from(prepared), identity);
}

/**
 * A further, visible signature in an appended incremental update: the new field, its appearance and signature,
 * plus the page and form objects that now list it, are the only objects written; nothing before them changes.
 */
export async function countersignPdf(
  bytes: Uint8Array,
  identity: SigningIdentity,
  details: SealDetails,
  place: SignaturePlace,
  appearance: FieldAppearance,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const { added, changed } = addSignatureField(doc, identity, details, place, appearance);
  return signPlaceholder(incrementalUpdate(bytes, doc, [...changed, ...added]), identity);
}

/** The original bytes plus the given objects, their cross-reference section and a trailer chained with /Prev. */
function incrementalUpdate(original: Uint8Array, doc: PDFDocument, refs: PDFRef[]): Buffer {
  const tail = Buffer.from(original.subarray(Math.max(0, original.length - 1024))).toString("latin1");
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref) throw new Error("The PDF does not end with a cross-reference offset");
  const parts: Buffer[] = [Buffer.from(original), Buffer.from("\n")];
  let offset = original.length + 1;
  const offsets = new Map<number, number>();
  const { context } = doc;
  for (const ref of [...new Set(refs)].sort((a, b) => a.objectNumber - b.objectNumber)) {
    const object = context.lookup(ref) as PDFObject;
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    const chunk = Buffer.concat([
      Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`),
      body,
      Buffer.from("\nendobj\n"),
    ]);
    offsets.set(ref.objectNumber, offset);
    parts.push(chunk);
    offset += chunk.length;
  }
  const numbers = [...offsets.keys()];
  let xref = "xref\n";
  for (let start = 0; start < numbers.length; ) {
    let end = start;
    while (end + 1 < numbers.length && numbers[end + 1] === (numbers[end] as number) + 1) end++;
    xref += `${numbers[start]} ${end - start + 1}\n`;
    // Each entry is exactly 20 bytes: offset, generation, "n", and a two-character end of line.
    for (let i = start; i <= end; i++) xref += `${String(offsets.get(numbers[i] as number)).padStart(10, "0")} 00000 n \n`;
    start = end + 1;
  }
  const { Root, Info, ID } = context.trailerInfo;
  const trailer = context.obj({
    Size: context.largestObjectNumber + 1,
    Root: Root as PDFObject,
    ...(Info ? { Info: Info as PDFObject } : {}),
    ...(ID ? { ID: ID as PDFObject } : {}),
    Prev: Number(startxref[1]),
  });
  parts.push(Buffer.from(`${xref}trailer\n${trailer.toString()}\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** Text for a content stream in WinAnsi (Helvetica's encoding): other characters become "?", delimiters escaped. */
export function pdfText(text: string): string {
  return `(${text
    .normalize("NFC")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?")
    .replace(/[\\()]/g, (char) => `\\${char}`)})`;
}
