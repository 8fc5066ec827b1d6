// Builds real PNG files for tests (a signature-like stroke on a transparent background), and broken ones.
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** PNG colour types (the IHDR byte) the tests build. */
export const GREYSCALE = 0;
export const RGBA = 6;

/**
 * A PNG file around rows already filtered and compressed: the signature, the header (size, bit depth, colour type; no
 * interlacing), one IDAT and the end. Nothing checks that the rows fit the header: tests build broken images with it.
 */
export function pngFile(image: {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  compressedRows: Buffer;
}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = image.bitDepth;
  header[9] = image.colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", image.compressedRows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An RGBA PNG with a dark diagonal wave, like a quick signature. */
export function makeSignaturePng(width = 600, height = 200): Buffer {
  const rowBytes = 1 + width * 4;
  const raw = Buffer.alloc(rowBytes * height);
  for (let x = 0; x < width; x++) {
    const y = Math.round(height / 2 + Math.sin(x / 25) * (height / 4));
    for (let dy = -2; dy <= 2; dy++) {
      const row = y + dy;
      if (row < 0 || row >= height) continue;
      const at = row * rowBytes + 1 + x * 4;
      raw[at] = 20;
      raw[at + 1] = 30;
      raw[at + 2] = 90;
      raw[at + 3] = 255;
    }
  }
  return pngFile({ width, height, bitDepth: 8, colourType: RGBA, compressedRows: deflateSync(raw) });
}

export function pngDataUrl(bytes: Buffer): string {
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

/** The same image with its pixel data cut short (the checksums are recomputed, so only decoding finds it). */
export function truncatedPixelsPng(width = 600, height = 200): Buffer {
  return pngFile({ width, height, bitDepth: 8, colourType: RGBA, compressedRows: deflateSync(Buffer.alloc(1000)) });
}
