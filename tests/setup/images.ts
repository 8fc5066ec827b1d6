// Image and document bytes for upload tests: real headers, padded to any size.
import { deflateSync } from "node:zlib";
import { makeSignaturePng } from "./png";

/** A valid PNG followed by filler up to `size` bytes (decoders stop at IEND; the type is in the first bytes). */
export function pngOfSize(size: number): Buffer {
  const png = makeSignaturePng(64, 32);
  return size <= png.length ? png : Buffer.concat([png, Buffer.alloc(size - png.length, 0x20)]);
}

export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
export const GIF_BYTES = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
export const WEBP_BYTES = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from("WEBPVP8L"),
  Buffer.alloc(18),
]);
export const PDF_BYTES = Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
export const DOC_BYTES = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
export const HTML_BYTES = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
export const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A minimal ZIP holding word/document.xml (stored, no compression): what a DOCX starts with. */
export function docxBytes(): Buffer {
  const name = Buffer.from("word/document.xml");
  const data = Buffer.from("<w:document/>");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

/** A ZIP that is not a Word document. */
export function plainZipBytes(): Buffer {
  const name = Buffer.from("notes.txt");
  const data = deflateSync(Buffer.from("hello"));
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}
