// Builds real PNG files for tests (a signature-like stroke on a transparent background), and broken ones.
import { deflateSync } from "node:zlib";
import { pngFile } from "../../src/server/features/onboarding";

/** PNG colour types (the IHDR byte) the tests build. */
export const GREYSCALE = 0;
export const RGBA = 6;

/** The server's own PNG writer (it re-encodes shrunk signatures), so the tests' images are framed the same way. */
export { pngFile };

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
