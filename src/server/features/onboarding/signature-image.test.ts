import { describe, expect, it } from "vitest";
import { makeSignaturePng, pngDataUrl, truncatedPixelsPng } from "../../../../tests/setup/png";
import { AppError } from "../../errors";
import { decodeSignatureDataUrl } from "./signature-image";

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
