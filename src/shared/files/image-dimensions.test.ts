import { describe, expect, it } from "vitest";
import { hasTooManyPixels, imageDimensions, MAX_IMAGE_PIXELS } from "./image-dimensions";

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

function gif(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(13);
  bytes.set([...new TextEncoder().encode("GIF89a")]);
  const view = new DataView(bytes.buffer);
  view.setUint16(6, width, true);
  view.setUint16(8, height, true);
  return bytes;
}

/** SOI, an APP0 segment, then a baseline frame header (SOF0). */
function jpeg(width: number, height: number, frameMarker = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
  const sof = [
    0xff,
    frameMarker,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    ...new Array(9).fill(0),
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
}

function webp(kind: "VP8X" | "VP8L" | "VP8 ", width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(40);
  const text = (at: number, s: string) => bytes.set([...new TextEncoder().encode(s)], at);
  text(0, "RIFF");
  text(8, "WEBP");
  text(12, kind);
  const view = new DataView(bytes.buffer);
  if (kind === "VP8X") {
    view.setUint32(24, (width - 1) & 0xffffff, true);
    view.setUint32(27, (height - 1) & 0xffffff, true);
  } else if (kind === "VP8L") {
    bytes[20] = 0x2f;
    view.setUint32(21, ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), true);
  } else {
    bytes.set([0x9d, 0x01, 0x2a], 23);
    view.setUint16(26, width, true);
    view.setUint16(28, height, true);
  }
  return bytes;
}

describe("imageDimensions", () => {
  it("reads the size from each format's header", () => {
    expect(imageDimensions(png(1280, 800))).toEqual({ width: 1280, height: 800 });
    expect(imageDimensions(gif(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(imageDimensions(jpeg(300, 200, 0xc2))).toEqual({ width: 300, height: 200 });
    expect(imageDimensions(webp("VP8X", 20_000, 10_000))).toEqual({ width: 20_000, height: 10_000 });
    expect(imageDimensions(webp("VP8L", 16_384, 16_384))).toEqual({ width: 16_384, height: 16_384 });
    expect(imageDimensions(webp("VP8 ", 1024, 768))).toEqual({ width: 1024, height: 768 });
  });

  it("answers null for a header that declares nothing (truncated, no frame before the scan)", () => {
    expect(imageDimensions(png(1, 1).subarray(0, 20))).toBeNull();
    expect(imageDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeNull();
    expect(imageDimensions(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
  });
});

describe("hasTooManyPixels", () => {
  it("allows up to 40 million pixels and refuses more, in every format", () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(hasTooManyPixels(png(8000, 5000))).toBe(false);
    expect(hasTooManyPixels(png(8000, 5001))).toBe(true);
    expect(hasTooManyPixels(png(30_000, 30_000))).toBe(true);
    expect(hasTooManyPixels(gif(65_535, 65_535))).toBe(true);
    expect(hasTooManyPixels(jpeg(65_000, 65_000))).toBe(true);
    expect(hasTooManyPixels(webp("VP8X", 16_000_000, 4))).toBe(true);
    expect(hasTooManyPixels(webp("VP8L", 16_384, 16_384))).toBe(true);
    expect(hasTooManyPixels(webp("VP8 ", 16_383, 16_383))).toBe(true);
  });
});
