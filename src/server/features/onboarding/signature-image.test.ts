import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { makeSignaturePng, pngDataUrl, truncatedPixelsPng } from "../../../../tests/setup/png";
import { AppError } from "../../errors";
import { checkPng, decodeSignatureDataUrl, SIGNATURE_EMBED_MAX, shrinkSignature } from "./signature-image";

function failure(dataUrl: string): { status: number; message: string } {
  try {
    decodeSignatureDataUrl(dataUrl);
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error("expected the signature to be refused");
}

describe("signature images", () => {
  it("accepts a real PNG of signature-pad size and reports its dimensions", () => {
    const image = decodeSignatureDataUrl(pngDataUrl(makeSignaturePng(640, 200)));
    expect(image).toMatchObject({ width: 640, height: 200 });
  });

  it.each([
    [
      "a JPEG's magic bytes",
      `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]).toString("base64")}`,
    ],
    ["text pretending to be a PNG", `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`],
    ["a PNG whose pixel data is cut short", pngDataUrl(truncatedPixelsPng())],
    [
      "a PNG with a flipped byte (bad checksum)",
      (() => {
        const bytes = makeSignaturePng();
        bytes[40] = (bytes[40] ?? 0) ^ 0xff;
        return pngDataUrl(bytes);
      })(),
    ],
    ["a PNG with bytes after its end", pngDataUrl(Buffer.concat([makeSignaturePng(), Buffer.from("trailing")]))],
    ["a PNG cut in half", pngDataUrl(makeSignaturePng().subarray(0, 200))],
    ["an SVG data URL", "data:image/svg+xml;base64,PHN2Zz4="],
  ])("refuses %s with 400", (_case, dataUrl) => {
    expect(failure(dataUrl).status).toBe(400);
  });

  it.each([
    ["too narrow", 20, 200],
    ["too short", 600, 10],
    ["too wide", 5000, 200],
  ])("refuses a PNG that is %s", (_case, width, height) => {
    expect(failure(pngDataUrl(makeSignaturePng(width, height)))).toEqual({
      status: 400,
      message: "The signature image has unexpected dimensions",
    });
  });

  it("refuses more than 400 kB of image with 413", () => {
    expect(failure(`data:image/png;base64,${"A".repeat(600_000)}`)).toEqual({
      status: 413,
      message: "The signature image is too large",
    });
  });
});

describe("shrinking a signature before it is stored and embedded", () => {
  it("scales a 3000 x 1200 signature down to fit 900 x 300, as a valid PNG that keeps the stroke", () => {
    const image = decodeSignatureDataUrl(pngDataUrl(makeSignaturePng(3000, 1200)));
    expect(image.width).toBeLessThanOrEqual(SIGNATURE_EMBED_MAX.width);
    expect(image.height).toBeLessThanOrEqual(SIGNATURE_EMBED_MAX.height);
    expect(checkPng(image.bytes)).toEqual({ width: image.width, height: image.height });
    // IHDR ends at byte 33; the single IDAT chunk follows (length, type, data).
    const idatLength = image.bytes.readUInt32BE(33);
    const pixels = inflateSync(image.bytes.subarray(41, 41 + idatLength));
    expect(pixels.some((value, index) => index % (1 + image.width * 4) !== 0 && value > 0)).toBe(true);
  });

  it("keeps a signature of pad size as it was", () => {
    const png = makeSignaturePng(640, 200);
    expect(shrinkSignature(png).bytes.equals(png)).toBe(true);
  });
});
