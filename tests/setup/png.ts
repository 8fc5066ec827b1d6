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
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export function pngDataUrl(bytes: Buffer): string {
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

/** The same image with its pixel data cut short (the checksums are recomputed, so only decoding finds it). */
export function truncatedPixelsPng(width = 600, height = 200): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
