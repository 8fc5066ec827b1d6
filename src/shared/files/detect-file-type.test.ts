import { describe, expect, it } from "vitest";
import {
  DOC_BYTES,
  docxBytes,
  GIF_BYTES,
  HTML_BYTES,
  JPEG_BYTES,
  PDF_BYTES,
  plainZipBytes,
  pngOfSize,
  SVG_BYTES,
  WEBP_BYTES,
} from "../../../tests/setup/images";
import { detectFileType } from "./detect-file-type";

describe("detectFileType", () => {
  it.each([
    ["PNG", pngOfSize(100), "image/png", "image"],
    ["JPEG", JPEG_BYTES, "image/jpeg", "image"],
    ["WebP", WEBP_BYTES, "image/webp", "image"],
    ["GIF", GIF_BYTES, "image/gif", "image"],
    ["PDF", PDF_BYTES, "application/pdf", "document"],
    ["DOC", DOC_BYTES, "application/msword", "document"],
    ["DOCX", docxBytes(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "document"],
  ])("recognises %s by its first bytes", (_name, bytes, contentType, category) => {
    expect(detectFileType(bytes)).toMatchObject({ contentType, category });
  });

  it.each([
    ["HTML", HTML_BYTES],
    ["SVG", SVG_BYTES],
    ["a ZIP that is not a Word document", plainZipBytes()],
    ["text", Buffer.from("just some notes")],
    ["nothing", Buffer.alloc(0)],
    ["a cut-off PNG signature", Buffer.from([0x89, 0x50, 0x4e])],
  ])("refuses %s", (_name, bytes) => {
    expect(detectFileType(bytes)).toBeNull();
  });
});
