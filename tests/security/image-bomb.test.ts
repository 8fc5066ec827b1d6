// A decompression bomb: a valid 30,000 × 30,000 PNG is about 100 KB on the wire but 900 million pixels to decode.
// It is refused from its header (400, the field message) whether sent as multipart or as a data URL in JSON, and
// nothing is stored; an ordinary screenshot still goes through.
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "../../src/shared/constants/files";
import { GOOD_FEEDBACK, multipartBody } from "../setup/feedback";
import { expectErrorShape } from "../setup/http";
import { GREYSCALE, makeSignaturePng, pngFile } from "../setup/png";
import { startWorld, type World } from "./fixture";

/** A valid 1-bit greyscale PNG of the given size whose pixels are all black: zeros deflate about 1000:1. */
function blackPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 and zero pixels on every row
  return pngFile({ width, height, bitDepth: 1, colourType: GREYSCALE, compressedRows: deflateSync(raw, { level: 9 }) });
}

let w: World;
let bomb: Buffer;
beforeAll(async () => {
  w = await startWorld();
  bomb = blackPng(30_000, 30_000);
});
afterAll(async () => {
  await w?.close();
});

const feedbackPath = () => `/api/projects/${w.alice.projectId}/feedback`;

describe("image decompression bombs", () => {
  it("the bomb is small on the wire (so the byte limit alone lets it through)", () => {
    expect(bomb.length).toBeLessThan(200_000);
  });

  it("a 30,000 × 30,000 PNG as a multipart screenshot: 400 with the field message, nothing stored", async () => {
    const { payload, headers } = multipartBody(GOOD_FEEDBACK, { bytes: bomb, filename: "bomb.png", contentType: "image/png" });
    const res = await w.attack({ method: "POST", path: feedbackPath(), headers, body: payload, cookie: w.alice.cookie });
    expectErrorShape(res, 400, "VALIDATION_FAILED");
    expect(res.json().message).toBe(FILE_MESSAGES.tooManyPixels);
    expect(Object.values(res.json().fields ?? {})).toContain(FILE_MESSAGES.tooManyPixels);
  });

  it("the same PNG as a data URL in JSON: refused the same way", async () => {
    const body = { ...GOOD_FEEDBACK, screenshotUrl: `data:image/png;base64,${bomb.toString("base64")}` };
    const res = await w.attack({ method: "POST", path: feedbackPath(), body, cookie: w.alice.cookie });
    expectErrorShape(res, 400, "VALIDATION_FAILED");
    expect(res.json().message).toBe(FILE_MESSAGES.tooManyPixels);
  });

  it("an ordinary screenshot is still stored", async () => {
    const { payload, headers } = multipartBody(GOOD_FEEDBACK, {
      bytes: makeSignaturePng(1280, 800),
      filename: "screen.png",
      contentType: "image/png",
    });
    const res = await w.send({
      method: "POST",
      path: feedbackPath(),
      headers,
      body: payload,
      cookie: w.alice.cookie,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json().screenshotUrl).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
  });
});
