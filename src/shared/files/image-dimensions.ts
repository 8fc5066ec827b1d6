// An image's width and height from its header alone (PNG, JPEG, GIF, WebP), so a decompression bomb (a tiny file
// that decodes to gigabytes of pixels) is refused before anything decodes it. The server decides with it; the
// browser uses it to say so at once.

export type ImageDimensions = { width: number; height: number };

/** At most this many pixels per image (40 megapixels: a 8000 × 5000 screenshot still fits). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

function png(view: DataView, bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length < 24 || !ascii(bytes, 12, "IHDR")) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gif(view: DataView, bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length < 10) return null;
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

/** SOF0…SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpeg(view: DataView, bytes: Uint8Array): ImageDimensions | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame header
    const length = view.getUint16(at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

const uint24 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);

function webp(view: DataView, bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length < 30) return null;
  if (ascii(bytes, 12, "VP8X")) return { width: uint24(bytes, 24) + 1, height: uint24(bytes, 27) + 1 };
  if (ascii(bytes, 12, "VP8L")) {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, "VP8 ")) {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return null;
}

/** The size the header declares, or null when the header cannot say (such a file decodes to nothing anyway). */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ascii(bytes, 1, "PNG")) return png(view, bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(view, bytes);
  if (ascii(bytes, 0, "GIF8")) return gif(view, bytes);
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return webp(view, bytes);
  return null;
}

/** Whether the image declares more pixels than anyone should have to decode. */
export function hasTooManyPixels(bytes: Uint8Array): boolean {
  const size = imageDimensions(bytes);
  return size !== null && size.width * size.height > MAX_IMAGE_PIXELS;
}
