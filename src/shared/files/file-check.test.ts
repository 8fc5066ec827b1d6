import { describe, expect, it } from "vitest";
import { FILE_MESSAGES, MAX_DOCUMENT_BYTES } from "../constants/files";
import { DOCUMENT_RULE, fileProblem, SCREENSHOT_RULE } from "./file-check";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj\n");

describe("fileProblem", () => {
  it("accepts a file by its bytes, whatever its name or claimed type", async () => {
    expect(await fileProblem(new File([PDF], "brief.txt", { type: "text/plain" }), DOCUMENT_RULE)).toBeNull();
    expect(await fileProblem(new File([PNG], "shot.pdf", { type: "application/pdf" }), SCREENSHOT_RULE)).toBeNull();
  });

  it("refuses a renamed file whose bytes are not the right kind", async () => {
    const fake = new File(["just text"], "contract.pdf", { type: "application/pdf" });
    expect(await fileProblem(fake, DOCUMENT_RULE)).toBe(FILE_MESSAGES.notADocument);
    expect(await fileProblem(new File([PDF], "shot.png", { type: "image/png" }), SCREENSHOT_RULE)).toBe(FILE_MESSAGES.notAnImage);
  });

  it("refuses a file over the size limit before reading it", async () => {
    const big = new Blob([PDF, new Uint8Array(MAX_DOCUMENT_BYTES)]);
    expect(await fileProblem(big, DOCUMENT_RULE)).toBe(FILE_MESSAGES.documentTooLarge);
  });
});
