// Checks a signature image before it is stored or drawn into a PDF: a real, fully decodable PNG of
// signature-pad size (magic bytes, chunk checksums, header, and the inflated pixel data's exact length).
import { crc32, inflateSync } from "node:zlib";
import { NDA_MESSAGES, PNG_DATA_URL_PREFIX, SIGNATURE_LIMITS } from "../../../shared/schemas/nda";
import { badRequest, payloadTooLarge } from "../../errors";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Channels per colour type, and the bit depths each allows (PNG specification, table 11.1). */
const COLOR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

export type SignatureImage = { bytes: Buffer; width: number; height: number };

const invalid = (message: string = NDA_MESSAGES.signatureInvalid) => badRequest(message, { signature: message });

export function decodeSignatureDataUrl(dataUrl: string): SignatureImage {
  if (!dataUrl.startsWith(PNG_DATA_URL_PREFIX)) throw invalid();
  const base64 = dataUrl.slice(PNG_DATA_URL_PREFIX.length);
  if (Math.floor((base64.length * 3) / 4) > SIGNATURE_LIMITS.maxBytes + 2) {
    throw payloadTooLarge(NDA_MESSAGES.signatureTooLarge, { signature: NDA_MESSAGES.signatureTooLarge });
  }
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > SIGNATURE_LIMITS.maxBytes) {
    throw payloadTooLarge(NDA_MESSAGES.signatureTooLarge, { signature: NDA_MESSAGES.signatureTooLarge });
  }
  return { bytes, ...checkPng(bytes) };
}

/** Walks the PNG's chunks and inflates its image data; throws a 400 naming the signature field on any defect. */
export function checkPng(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < PNG_MAGIC.length + 12 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw invalid();

  let offset = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | null = null;
  let hasPalette = false;
  let ended = false;
  const data: Buffer[] = [];

  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw invalid();
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > bytes.length || end > bytes.length) throw invalid();
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0 !== bytes.readUInt32BE(offset + 8 + length)) throw invalid();

    if (header === null && type !== "IHDR") throw invalid();
    if (type === "IHDR") {
      if (header !== null || length !== 13) throw invalid();
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body.readUInt8(8),
        colorType: body.readUInt8(9),
        interlace: body.readUInt8(12),
      };
      if (body.readUInt8(10) !== 0 || body.readUInt8(11) !== 0) throw invalid();
    } else if (type === "PLTE") {
      hasPalette = true;
    } else if (type === "IDAT") {
      data.push(body);
    } else if (type === "IEND") {
      ended = true;
      offset = end;
      break;
    }
    offset = end;
  }
  if (!header || !ended || offset !== bytes.length || data.length === 0) throw invalid();

  const { width, height, depth, colorType, interlace } = header;
  const limits = SIGNATURE_LIMITS;
  if (width < limits.minWidth || width > limits.maxWidth || height < limits.minHeight || height > limits.maxHeight) {
    throw invalid(NDA_MESSAGES.signatureDimensions);
  }
  const color = COLOR_TYPES[colorType];
  // Canvas exports are never interlaced; refusing Adam7 keeps the size check exact.
  if (!color?.depths.includes(depth) || interlace !== 0 || (colorType === 3 && !hasPalette)) throw invalid();

  const rowBytes = 1 + Math.ceil((width * color.channels * depth) / 8);
  const expected = rowBytes * height;
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    throw invalid();
  }
  if (pixels.length !== expected) throw invalid();
  for (let row = 0; row < height; row++) {
    if ((pixels[row * rowBytes] ?? 255) > 4) throw invalid();
  }
  return { width, height };
}
