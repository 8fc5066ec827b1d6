// Checks a signature image before it is stored or drawn into a PDF: a real, fully decodable PNG of
// signature-pad size (magic bytes, chunk checksums, header, and the inflated pixel data's exact length).
import { crc32, deflateSync, inflateSync } from "node:zlib";
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

type SignatureImage = { bytes: Buffer; width: number; height: number };

/** Drawn at most ~220 x 60 pt in the PDF: 900 x 300 pixels is four times that density, and a bounded decode. */
export const SIGNATURE_EMBED_MAX = { width: 900, height: 300 } as const;

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
  checkPng(bytes);
  return shrinkSignature(bytes);
}

type DecodedPng = {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  channels: number;
  pixels: Buffer;
  rowBytes: number;
  extra: { type: string; body: Buffer }[];
};

/** Walks the PNG's chunks and inflates its image data; throws a 400 naming the signature field on any defect. */
export function checkPng(bytes: Buffer): { width: number; height: number } {
  const { width, height } = decodePng(bytes);
  return { width, height };
}

function decodePng(bytes: Buffer): DecodedPng {
  if (bytes.length < PNG_MAGIC.length + 12 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw invalid();

  let offset = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | null = null;
  let hasPalette = false;
  let ended = false;
  const data: Buffer[] = [];
  const extra: { type: string; body: Buffer }[] = [];

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
      extra.push({ type, body });
    } else if (type === "tRNS") {
      extra.push({ type, body });
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
  return { width, height, depth, colorType, channels: color.channels, pixels, rowBytes, extra };
}

/**
 * A signature larger than SIGNATURE_EMBED_MAX is scaled down by a whole factor (box average; nearest pixel for a
 * palette) and re-encoded, so the PDF never decodes a 3000 x 1200 image. Only 8-bit images are scaled (what canvas
 * exports); other valid PNGs are kept as they are.
 */
export function shrinkSignature(bytes: Buffer): SignatureImage {
  const png = decodePng(bytes);
  const factor = Math.ceil(Math.max(png.width / SIGNATURE_EMBED_MAX.width, png.height / SIGNATURE_EMBED_MAX.height));
  if (factor <= 1 || png.depth !== 8) return { bytes, width: png.width, height: png.height };
  const raw = unfilter(png);
  const { channels } = png;
  const width = Math.max(1, Math.floor(png.width / factor));
  const height = Math.max(1, Math.floor(png.height / factor));
  const outRow = 1 + width * channels;
  const out = Buffer.alloc(outRow * height);
  const stride = png.width * channels;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        let value: number;
        if (png.colorType === 3) {
          value = raw[y * factor * stride + x * factor * channels + c] ?? 0;
        } else {
          let sum = 0;
          for (let dy = 0; dy < factor; dy++) {
            const base = (y * factor + dy) * stride + x * factor * channels + c;
            for (let dx = 0; dx < factor; dx++) sum += raw[base + dx * channels] ?? 0;
          }
          value = Math.round(sum / (factor * factor));
        }
        out[y * outRow + 1 + x * channels + c] = value;
      }
    }
  }
  const encoded = pngFile({
    width,
    height,
    bitDepth: 8,
    colourType: png.colorType,
    extra: png.extra,
    compressedRows: deflateSync(out),
  });
  return { bytes: encoded, width, height };
}

/**
 * A PNG file around rows already filtered and compressed: the signature, the header (size, bit depth, colour type; no
 * interlacing), any `extra` chunks kept from a source image, one IDAT and the end. Nothing checks that the rows fit the
 * header (the tests build broken images with it).
 */
export function pngFile(image: {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  extra?: { type: string; body: Buffer }[];
  compressedRows: Buffer;
}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = image.bitDepth;
  header[9] = image.colourType;
  return Buffer.concat([
    PNG_MAGIC,
    pngChunk("IHDR", header),
    ...(image.extra ?? []).map((chunk) => pngChunk(chunk.type, chunk.body)),
    pngChunk("IDAT", image.compressedRows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Undoes the PNG row filters (specification section 9) of an 8-bit image: raw samples, row after row. */
function unfilter(png: DecodedPng): Uint8Array {
  const bpp = png.channels;
  const stride = png.width * png.channels;
  const raw = new Uint8Array(stride * png.height);
  for (let y = 0; y < png.height; y++) {
    const filter = png.pixels[y * png.rowBytes] ?? 0;
    const src = y * png.rowBytes + 1;
    const at = y * stride;
    for (let i = 0; i < stride; i++) {
      const value = png.pixels[src + i] ?? 0;
      const left = i >= bpp ? (raw[at + i - bpp] ?? 0) : 0;
      const up = y > 0 ? (raw[at - stride + i] ?? 0) : 0;
      const upLeft = y > 0 && i >= bpp ? (raw[at - stride + i - bpp] ?? 0) : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      raw[at + i] = (value + predictor) & 0xff;
    }
  }
  return raw;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}
